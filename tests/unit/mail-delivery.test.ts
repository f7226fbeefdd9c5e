/**
 * The back office's words for a mail and the link it hands over: the link's
 * note must be true to how the link works.
 */
import { describe, expect, it } from 'vitest';
import { KEPT_IN_OUTBOX, linkUseSentence, mailCount, mailDeliverySentence } from '../../app/lib/mail-delivery.ts';
import { sendNowQuestion } from '../../app/lib/admin-newsletters.ts';

describe('linkUseSentence', () => {
  it('says a single-use link works once', () => {
    expect(linkUseSentence({ kind: 'once' }, 'UTC')).toBe('Pass it on yourself: it works once, for whoever opens it.');
  });

  it('says a preview link opens as often as needed until it expires, in the site time zone, never "once"', () => {
    // 2026-03-02 09:30 UTC, 10:30 in Paris.
    const expiresAt = Date.UTC(2026, 2, 2, 9, 30) / 1000;
    const sentence = linkUseSentence({ kind: 'until', expiresAt }, 'Europe/Paris');
    expect(sentence).toBe('Pass it on yourself: whoever has it can open it as often as needed until Mar 2, 2026, 10:30 Europe/Paris.');
    expect(sentence).not.toContain('once');
  });
});

describe('the outbox words', () => {
  it('are the same on every sending screen', () => {
    expect(mailDeliverySentence('Invitation', { delivery: 'kept', outbox_id: 1 })).toBe(`Invitation ${KEPT_IN_OUTBOX}.`);
    expect(sendNowQuestion({ active_subscribers: 2, delivery: 'outbox' } as Parameters<typeof sendNowQuestion>[0])).toBe(
      `Send this issue now to 2 active subscribers? The mails will be ${KEPT_IN_OUTBOX}.`,
    );
  });
});

describe('mailCount', () => {
  it('says "Delivered" only with a mail server, and "Kept in the outbox" without one', () => {
    expect(mailCount(2, 'outbox')).toBe('Kept in the outbox: 2');
    expect(mailCount(1234, 'smtp')).toBe('Delivered: 1,234');
  });
});
