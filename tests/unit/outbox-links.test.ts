/** The links the owner's outbox lists for a plain-text mail: each address once, without the sentence's punctuation. */
import { describe, expect, it } from 'vitest';
import { linksIn } from '../../server/services/outbox.ts';

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
