/** All outbox SQL: every e-mail the site sends, and how its delivery went. */
import { nowSeconds } from '../database.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { Db, OutboxRow, OutboxStatus } from '../schema.ts';

/** Longer SMTP errors are cut: the start names the problem. */
const MAX_ERROR_LENGTH = 1000;

/** What stands in a mail's bodies where its secret links were (decisions 049 and 088). */
export const LINK_REMOVED_ONCE_SENT = '[link removed once the mail was sent]';
export const LINK_REMOVED_EXPIRED = '[link removed: it has expired]';
export const LINK_REMOVED_PRIVATE = '[link removed: it is for its recipient alone]';

/**
 * The links of a mail that work as keys, and until when a copy that did not
 * leave keeps them: when they stop working, null when they never do, or the
 * moment the mail is written for a link no one but its recipient may read
 * (a password reset, decision 088). Once sent, every copy loses them at once.
 */
export interface SecretLinks {
  urls: string[];
  keptUntil: number | null;
}

export interface NewOutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  status: OutboxStatus;
  secretLinks?: SecretLinks | undefined;
}

// A line break cannot be part of an address: the row's one column holds them all.
const LINK_SEPARATOR = '\n';

/** The links a row still holds, as `secret_link` keeps them. */
export function secretLinksOf(secretLink: string | null): string[] {
  return secretLink === null ? [] : secretLink.split(LINK_SEPARATOR).filter((link) => link !== '');
}

/** `body` with each of `links` replaced by `placeholder`; a longer link first, should one begin another. */
export function cutLinks<Body extends string | null>(body: Body, links: string[], placeholder: string): Body {
  if (body === null) return body;
  let cut: string = body;
  for (const link of [...links].sort((a, b) => b.length - a.length)) cut = cut.split(link).join(placeholder);
  return cut as Body;
}

export function insertOutboxMail(db: Db, mail: NewOutboxMail): Promise<OutboxRow> {
  const now = nowSeconds();
  const urls = mail.secretLinks?.urls.filter((url) => url !== '') ?? [];
  const keptUntil = mail.secretLinks?.keptUntil ?? null;
  // A link no copy may keep never reaches the table: the mailer sends the message it holds.
  const withheld = urls.length > 0 && keptUntil !== null && keptUntil <= now;
  return db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: withheld ? cutLinks(mail.text, urls, LINK_REMOVED_PRIVATE) : mail.text,
      html_body: withheld ? cutLinks(mail.html ?? null, urls, LINK_REMOVED_PRIVATE) : (mail.html ?? null),
      status: mail.status,
      error: null,
      created_at: now,
      sent_at: null,
      secret_link: urls.length > 0 && !withheld ? urls.join(LINK_SEPARATOR) : null,
      redact_after: urls.length > 0 ? keptUntil : null,
      redacted_at: withheld ? now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sent: the mail left with its links, so the copy kept here loses them in the
 * same write that marks it sent: no reader (and no crash) sees a sent mail
 * still holding one.
 */
export async function markOutboxMailSent(db: Db, id: number): Promise<void> {
  const now = nowSeconds();
  const row = await db.selectFrom('outbox').select(['secret_link', 'text_body', 'html_body']).where('id', '=', id).executeTakeFirst();
  const links = secretLinksOf(row?.secret_link ?? null);
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now,
      error: null,
      ...(row && links.length > 0
        ? {
            text_body: cutLinks(row.text_body, links, LINK_REMOVED_ONCE_SENT),
            html_body: cutLinks(row.html_body, links, LINK_REMOVED_ONCE_SENT),
            redacted_at: now,
            secret_link: null,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Failed: the mail and its links stay readable for the owner until they expire. */
export async function markOutboxMailFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'failed', error: error.slice(0, MAX_ERROR_LENGTH) })
    .where('id', '=', id)
    .execute();
}

/** Cuts the links that stopped working out of kept mails; the number of mails changed. */
export async function redactExpiredOutboxLinks(db: Db, now: number): Promise<number> {
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'secret_link', 'text_body', 'html_body'])
    .where('secret_link', 'is not', null)
    .where('redact_after', '<=', now)
    .execute();
  let changed = 0;
  for (const row of due) {
    const links = secretLinksOf(row.secret_link);
    // Only while the row still holds these links: a send that cut them meanwhile wins.
    const result = await db
      .updateTable('outbox')
      .set({
        text_body: cutLinks(row.text_body, links, LINK_REMOVED_EXPIRED),
        html_body: cutLinks(row.html_body, links, LINK_REMOVED_EXPIRED),
        secret_link: null,
        redacted_at: now,
      })
      .where('id', '=', row.id)
      .where('secret_link', '=', row.secret_link)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
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
