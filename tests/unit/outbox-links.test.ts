/** The links the owner's outbox lists for a plain-text mail, and the private links it cuts out of a stored copy. */
import { describe, expect, it } from 'vitest';
import { cutLinks, secretLinksOf } from '../../server/db/queries/outbox.ts';
import { linksIn } from '../../server/services/site/outbox.ts';

describe('linksIn', () => {
  it('finds every address in order, once each, leaving out the punctuation that ends a sentence', () => {
    const text = [
      'Open https://showcase.example/admin/accept-invite?token=abc_DEF-123.',
      'Or read it at (https://showcase.example/newsletter/first-issue), or',
      'https://showcase.example/admin/accept-invite?token=abc_DEF-123 again; http://localhost:3000/x?a=1&b=2!',
    ].join('\n');
    expect(linksIn(text)).toEqual([
      'https://showcase.example/admin/accept-invite?token=abc_DEF-123',
      'https://showcase.example/newsletter/first-issue',
      'http://localhost:3000/x?a=1&b=2',
    ]);
  });

  it('finds nothing in a mail without addresses, nor in a removed link', () => {
    expect(linksIn('Hello,\n[link removed once the mail was sent]\nmailto:someone@example.com')).toEqual([]);
  });
});

describe('cutLinks', () => {
  it('replaces every private link of a mail, the longer first when one begins another', () => {
    const report = 'https://showcase.example/sponsor-report/abc';
    const longer = `${report}def`;
    const body = `Report: ${report}\nUpdate: ${longer}\nAgain: ${report}.`;
    expect(cutLinks(body, [report, longer], '[cut]')).toBe('Report: [cut]\nUpdate: [cut]\nAgain: [cut].');
    expect(cutLinks(null, [report], '[cut]')).toBeNull();
  });

  it('reads the links a row holds, one a line', () => {
    expect(secretLinksOf('https://a.example/x\nhttps://b.example/y')).toEqual(['https://a.example/x', 'https://b.example/y']);
    expect(secretLinksOf(null)).toEqual([]);
  });
});
