/**
 * The words every back-office screen uses to say where a mail went
 * (decision 048), from the `mail` part of an action's answer.
 */
import type { MailDeliveryJson } from '../../common/answers.ts';
import { formatSiteDateTime } from './dates.ts';

/** Kept, not sent: the exact words the back office uses for it everywhere. */
export const KEPT_IN_OUTBOX = 'kept in the outbox: no mail server is set up';

/**
 * How many mails of a sending left the site, as every screen counts them:
 * "Delivered" only for what a mail server accepted; without one they were
 * kept, and the count says so ("Kept in the outbox: 2").
 */
export function mailCount(count: number, delivery: 'smtp' | 'outbox'): string {
  return `${delivery === 'outbox' ? 'Kept in the outbox' : 'Delivered'}: ${count.toLocaleString('en-US')}`;
}

/**
 * One sentence about `what` ("Invitation", "Confirmation link"), e.g.
 * "Invitation kept in the outbox: no mail server is set up."
 */
export function mailDeliverySentence(what: string, mail: MailDeliveryJson, to?: string): string {
  switch (mail.delivery) {
    case 'sent':
      return `${what} sent${to ? ` to ${to}` : ''}.`;
    case 'kept':
      return `${what} ${KEPT_IN_OUTBOX}.`;
    case 'failed':
      return mail.outbox_id === null
        ? `${what} could not be mailed: the database did not keep it.`
        : `${what} not sent: the mail server refused it. It is kept in the outbox with the server's answer.`;
  }
}

/**
 * How a link handed over to pass on may be used: once (an invitation, a
 * password reset: the first use spends it), or as often as needed until it
 * expires (a sponsor's preview of their draft).
 */
export type LinkUse = { kind: 'once' } | { kind: 'until'; expiresAt: number };

/** What the back office says of a link it hands over to pass on, true to how that link works. */
export function linkUseSentence(use: LinkUse, timeZone: string): string {
  switch (use.kind) {
    case 'once':
      return 'Pass it on yourself: it works once, for whoever opens it.';
    case 'until':
      return `Pass it on yourself: whoever has it can open it as often as needed until ${formatSiteDateTime(use.expiresAt, timeZone)}.`;
  }
}
