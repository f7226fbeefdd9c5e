/**
 * The mails that tell the site's staff something came in (decision 083): a
 * paid sponsored submission, a contact message, a creator's update of their
 * campaign. They go to `ADMIN_NOTIFY_EMAIL` when it is set, else to the
 * owner's account address, so a site that set nothing still hears of them.
 * A notification that cannot be queued is logged, never thrown: the visitor's
 * request has already succeeded.
 */
import { findOwnerEmail } from '../../db/queries/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export type OwnerNotificationDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;

/** Where notifications go now: the configured address, else the owner's; undefined while the site has no owner. */
export async function notificationAddress(deps: Pick<OwnerNotificationDeps, 'db' | 'config'>): Promise<string | undefined> {
  return deps.config.ADMIN_NOTIFY_EMAIL ?? (await findOwnerEmail(deps.db));
}

/** Queues one notification to the staff's address. */
export async function notifyOwner(deps: OwnerNotificationDeps, mail: Omit<MailMessage, 'to'>): Promise<void> {
  try {
    const to = await notificationAddress(deps);
    if (to === undefined) return;
    await deps.mailer.sendMail({ ...mail, to });
  } catch (error) {
    deps.logger.error({ err: error, kind: mail.kind }, 'a staff notification could not be queued');
  }
}
