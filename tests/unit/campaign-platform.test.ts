import { describe, expect, it } from 'vitest';
import { platformOfUrl } from '../../common/campaign.ts';

describe('platformOfUrl', () => {
  it.each([
    ['https://www.kickstarter.com/projects/harbour-lamp', 'kickstarter'],
    ['https://kickstarter.com/projects/x', 'kickstarter'],
    ['https://kck.st/3abc', 'kickstarter'],
    ['https://www.indiegogo.com/projects/orbit', 'indiegogo'],
    ['https://gamefound.com/en/projects/x', 'gamefound'],
    ['https://orbit.backerkit.com/hosted_preorders', 'backerkit'],
    ['https://example.com/kickstarter.com', 'other'],
    ['https://notkickstarter.com/projects/x', 'other'],
    ['not a url', 'other'],
  ] as const)('reads %s as %s', (url, platform) => {
    expect(platformOfUrl(url)).toBe(platform);
  });
});
