import { describe, expect, it } from 'vitest';
import { shareUrl, withUtm } from '../../common/share.ts';

describe('share links', () => {
  it('escapes the address and the text for each network', () => {
    expect(shareUrl('x', 'https://s.example/a?b=1', 'Fish & Chips')).toBe(
      'https://x.com/intent/post?url=https%3A%2F%2Fs.example%2Fa%3Fb%3D1&text=Fish%20%26%20Chips',
    );
    expect(shareUrl('email', 'https://s.example/a', 'Hi')).toBe('mailto:?subject=Hi&body=https%3A%2F%2Fs.example%2Fa');
  });

  it('tags an address with the network and the campaign, keeping its own query', () => {
    expect(withUtm('https://s.example/lamp?x=1', 'linkedin', 'sponsored-lamp')).toBe(
      'https://s.example/lamp?x=1&utm_source=linkedin&utm_medium=social&utm_campaign=sponsored-lamp',
    );
    expect(withUtm('https://s.example/lamp', 'email', 'c')).toContain('utm_medium=email');
  });
});
