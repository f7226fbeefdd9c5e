/**
 * The words every back-office screen uses to say where a mail went
 * (decision 048), from the `mail` part of an action's answer.
 */
import type { MailDeliveryJson } from '../../common/answers.ts';

/** Kept, not sent: the exact words the back office uses for it everywhere. */
export const KEPT_IN_OUTBOX = 'kept in the outbox: no mail server is set up';

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
