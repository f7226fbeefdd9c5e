import { describe, expect, it } from 'vitest';
import { outboundUrl } from '../../common/outbound.ts';
import { campaignInputSchema } from '../../common/schemas/campaign.ts';

describe('outboundUrl', () => {
  it('adds the referral tag as ref=, replacing any ref= the address had and keeping the rest', () => {
    expect(outboundUrl({ url: 'https://www.kickstarter.com/projects/lamp', ref_tag: 'showcase' })).toBe(
      'https://www.kickstarter.com/projects/lamp?ref=showcase',
    );
    expect(outboundUrl({ url: 'https://www.kickstarter.com/projects/lamp?ref=a&lang=en&ref=b#faq', ref_tag: 'showcase' })).toBe(
      'https://www.kickstarter.com/projects/lamp?ref=showcase&lang=en#faq',
    );
  });

  it('leaves the address as stored without a tag, and gives nothing without an address', () => {
    expect(outboundUrl({ url: 'https://www.kickstarter.com/projects/lamp?ref=theirs', ref_tag: null })).toBe(
      'https://www.kickstarter.com/projects/lamp?ref=theirs',
    );
    expect(outboundUrl({ url: 'https://www.kickstarter.com/projects/lamp' })).toBe('https://www.kickstarter.com/projects/lamp');
    expect(outboundUrl({ url: null, ref_tag: 'showcase' })).toBeNull();
  });
});

describe('the referral tag field', () => {
  it('takes a short URL-safe tag, and empty as none', () => {
    expect(campaignInputSchema.parse({ platform: 'other', ref_tag: ' news_1.a~b-c ' }).ref_tag).toBe('news_1.a~b-c');
    expect(campaignInputSchema.parse({ platform: 'other', ref_tag: '' }).ref_tag).toBeNull();
    expect(campaignInputSchema.parse({ platform: 'other' }).ref_tag).toBeNull();
  });

  it.each(['two words', 'a&b', 'a=b', 'é', 'x'.repeat(65)])('refuses %j', (ref_tag) => {
    expect(campaignInputSchema.safeParse({ platform: 'other', ref_tag }).success).toBe(false);
  });
});
