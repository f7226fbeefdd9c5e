/** All outbox SQL: every e-mail the site sends, and how its delivery went. */
import { sql } from 'kysely';
import { nowSeconds } from '../database.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { Db, OutboxRow, OutboxStatus } from '../schema.ts';

/** Longer SMTP errors are cut: the start names the problem. */
const MAX_ERROR_LENGTH = 1000;

/** What stands in a mail's bodies where its secret link was (decision 049). */
export const LINK_REMOVED_ONCE_SENT = '[link removed once the mail was sent]';
export const LINK_REMOVED_EXPIRED = '[link removed: it has expired]';

export interface NewOutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  status: OutboxStatus;
  /** A link that works as a key, and when it stops working: it is cut out by then at the latest. */
  secretLink?: { url: string; expiresAt: number } | undefined;
}

export function insertOutboxMail(db: Db, mail: NewOutboxMail): Promise<OutboxRow> {
  return db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: mail.status,
      error: null,
      created_at: nowSeconds(),
      sent_at: null,
      secret_link: mail.secretLink?.url ?? null,
      redact_after: mail.secretLink?.expiresAt ?? null,
      redacted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The bodies with the row's secret link replaced by `placeholder`, as SQL (both engines have `replace`). */
const bodiesWithout = (placeholder: string) => ({
  text_body: sql<string>`replace(text_body, secret_link, ${placeholder})`,
  html_body: sql<string | null>`replace(html_body, secret_link, ${placeholder})`,
});

/**
 * Sent: the mail left with its link, so the copy kept here loses it at once,
 * in the same write: no reader (and no crash) sees a sent mail still holding it.
 */
export async function markOutboxMailSent(db: Db, id: number): Promise<void> {
  const now = nowSeconds();
  // Every right-hand side reads the row as it was, so `secret_link` is the link being cut out.
  const hadLink = sql<boolean>`secret_link is not null`;
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now,
      error: null,
      text_body: sql<string>`case when ${hadLink} then replace(text_body, secret_link, ${LINK_REMOVED_ONCE_SENT}) else text_body end`,
      html_body: sql<string | null>`case when ${hadLink} then replace(html_body, secret_link, ${LINK_REMOVED_ONCE_SENT}) else html_body end`,
      redacted_at: sql<number | null>`case when ${hadLink} then ${now} else redacted_at end`,
      secret_link: null,
    })
    .where('id', '=', id)
    .execute();
}

/** Failed: the mail and its link stay readable for the owner until the link expires. */
export async function markOutboxMailFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'failed', error: error.slice(0, MAX_ERROR_LENGTH) })
    .where('id', '=', id)
    .execute();
}

/** Cuts the links that stopped working out of kept mails; the number of mails changed. */
export async function redactExpiredOutboxLinks(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ ...bodiesWithout(LINK_REMOVED_EXPIRED), secret_link: null, redacted_at: now })
    .where('secret_link', 'is not', null)
    .where('redact_after', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The owner's list: newest first, without the bodies. */
export async function listOutboxMails(
  db: Db,
  paging: PageRequest & { status?: OutboxStatus | undefined },
): Promise<{ rows: OutboxSummaryRow[]; next_token: string | null }> {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'error', 'created_at', 'sent_at']);
  if (paging.status) query = query.where('status', '=', paging.status);
  return fetchNewestFirst(query, { sort: 'created_at', id: 'id', sortKeyOf: (row) => row.created_at }, paging);
}

export type OutboxSummaryRow = Pick<OutboxRow, 'id' | 'kind' | 'to_address' | 'subject' | 'status' | 'error' | 'created_at' | 'sent_at'>;

export function findOutboxMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many mails each status has, for the screen's filter. */
export async function countOutboxMailsByStatus(db: Db): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, stored: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
