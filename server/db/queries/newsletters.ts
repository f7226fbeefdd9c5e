/**
 * Newsletter issues and their deliveries. An issue's recipients are frozen
 * into `newsletter_deliveries` when sending starts; workers on any server
 * claim due rows for a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so two
 * servers never take one row; SQLite has one writer, so its single UPDATE is
 * atomic as it is), send them, and record each outcome. A record names the
 * worker that claimed the row: a worker whose lease ran out and was taken
 * over cannot overwrite the new owner's outcome.
 */
import { sql } from 'kysely';
import type {
  NewsletterIssueJson,
  NewsletterIssueRecord,
  NewsletterIssueStatus,
  NewsletterLeftOutPost,
} from '../../../common/answers.ts';
import type { NewsletterIssueValues } from '../../../common/schemas/newsletter.ts';
import type { Engine } from '../database.ts';
import type { DeliveryStatus, Db, NewsletterIssueRow } from '../schema.ts';

export const toIssueRecord = (row: NewsletterIssueRow): NewsletterIssueRecord => ({
  ...row,
  post_ids: parsePostIds(row.post_ids),
  left_out: parseLeftOut(row.left_out),
});

function parsePostIds(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

function parseLeftOut(json: string): NewsletterLeftOutPost[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, title } = item as { id?: unknown; title?: unknown };
    return Number.isInteger(id) && typeof title === 'string' ? [{ id: id as number, title }] : [];
  });
}

export interface DeliveryCounts {
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
}

const NO_DELIVERIES: DeliveryCounts = { recipients: 0, sent: 0, failed: 0, pending: 0 };

/** Progress per issue: sent, failed, and pending (waiting, being sent, or waiting for a retry). */
export async function countDeliveries(db: Db, issueIds: readonly number[]): Promise<Map<number, DeliveryCounts>> {
  const counts = new Map<number, DeliveryCounts>();
  if (issueIds.length === 0) return counts;
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['issue_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('issue_id', 'in', issueIds)
    .groupBy(['issue_id', 'status'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.issue_id) ?? { ...NO_DELIVERIES };
    const count = Number(row.count);
    entry.recipients += count;
    if (row.status === 'sent') entry.sent += count;
    else if (row.status === 'failed') entry.failed += count;
    else if (row.status === 'pending' || row.status === 'sending') entry.pending += count;
    counts.set(row.issue_id, entry);
  }
  return counts;
}

/** Each issue with its deliveries counted: recipients, sent, failed, still to send. */
export async function withDeliveryProgress(db: Db, records: NewsletterIssueRecord[]): Promise<NewsletterIssueJson[]> {
  const counts = await countDeliveries(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => ({ ...record, ...(counts.get(record.id) ?? NO_DELIVERIES) }));
}

/** Every issue, newest first (a site sends a few a month: no paging needed for years). */
export async function listIssues(db: Db, options: { status?: NewsletterIssueStatus } = {}): Promise<NewsletterIssueRecord[]> {
  let query = db.selectFrom('newsletter_issues').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  return rows.map(toIssueRecord);
}

/** The sent issues, newest first: the public archive. */
export async function listSentIssues(db: Db): Promise<NewsletterIssueRecord[]> {
  const rows = await db
    .selectFrom('newsletter_issues')
    .selectAll()
    .where('status', '=', 'sent')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toIssueRecord);
}

export async function findIssue(db: Db, id: number): Promise<NewsletterIssueRecord | undefined> {
  const row = await db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toIssueRecord(row);
}

export async function findIssueBySlug(db: Db, slug: string): Promise<NewsletterIssueRecord | undefined> {
  const row = await db.selectFrom('newsletter_issues').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toIssueRecord(row);
}

/** Adds a draft at the first free slug of `slugs` (tried in order); undefined when all are taken. */
export async function insertIssue(
  db: Db,
  values: NewsletterIssueValues,
  slugs: readonly string[],
  now: number,
): Promise<NewsletterIssueRecord | undefined> {
  for (const slug of slugs) {
    const row = await db
      .insertInto('newsletter_issues')
      .values({
        slug,
        subject: values.subject,
        preheader: values.preheader,
        intro: values.intro,
        closing: values.closing,
        post_ids: JSON.stringify(values.post_ids),
        status: 'draft',
        scheduled_at: null,
        started_at: null,
        sent_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toIssueRecord(row);
  }
  return undefined;
}

/** Saves an edit made on `version`; undefined when the issue changed since (or is gone). */
export async function updateIssue(
  db: Db,
  id: number,
  version: number,
  values: NewsletterIssueValues,
  now: number,
): Promise<NewsletterIssueRecord | undefined> {
  const row = await db
    .updateTable('newsletter_issues')
    .set((eb) => ({
      subject: values.subject,
      preheader: values.preheader,
      intro: values.intro,
      closing: values.closing,
      post_ids: JSON.stringify(values.post_ids),
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  return row && toIssueRecord(row);
}

/** Deletes a draft; false when the issue is not (or no longer) a draft. */
export async function deleteDraftIssue(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletter_issues')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Moves an issue from one of `from` to `to`; false when it was in none of
 * them (another request or server moved it first).
 */
export async function moveIssue(
  db: Db,
  id: number,
  from: readonly NewsletterIssueStatus[],
  to: NewsletterIssueStatus,
  changes: {
    scheduled_at?: number | null;
    started_at?: number | null;
    sent_at?: number;
    left_out?: readonly NewsletterLeftOutPost[];
    reached_nobody_at?: number | null;
  },
  now: number,
): Promise<boolean> {
  const { left_out, ...columns } = changes;
  const result = await db
    .updateTable('newsletter_issues')
    .set((eb) => ({
      ...columns,
      ...(left_out === undefined ? {} : { left_out: JSON.stringify(left_out) }),
      status: to,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Freezes the recipients of an issue: one pending row for each active
 * subscriber now. Run in the transaction that starts the sending; rows
 * already there stay as they are. Returns how many rows the issue has.
 */
export async function freezeRecipients(db: Db, issueId: number, now: number): Promise<number> {
  await db
    .insertInto('newsletter_deliveries')
    .columns(['issue_id', 'subscriber_id', 'status', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('newsletter_subscribers')
        .select([sql<number>`${issueId}`.as('issue_id'), 'id', sql<DeliveryStatus>`'pending'`.as('status'), sql<number>`${now}`.as('next_attempt_at')])
        .where('status', '=', 'active'),
    )
    .onConflict((oc) => oc.columns(['issue_id', 'subscriber_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('issue_id', '=', issueId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets an issue's recipients, so a later sending freezes them afresh. */
export async function deleteDeliveries(db: Db, issueId: number): Promise<void> {
  await db.deleteFrom('newsletter_deliveries').where('issue_id', '=', issueId).execute();
}

/**
 * Stops what is left of a sending: rows not yet claimed are cancelled, and
 * so are rows whose worker stopped without recording them (their lease ran
 * out by `now`). Rows a live worker is sending keep their outcome.
 */
export async function cancelPendingDeliveries(db: Db, issueId: number, now: number): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'cancelled', locked_by: null, locked_until: null })
    .where('issue_id', '=', issueId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)])]))
    .execute();
}

/** A claimed row, with what its mail needs of the subscriber as it is now. */
export interface ClaimedDelivery {
  id: number;
  subscriber_id: number;
  attempts: number;
  first_attempt_at: number | null;
  email: string;
  subscriber_status: string;
}

/**
 * Claims up to `limit` due rows of an issue for `worker` until `lockedUntil`:
 * pending rows whose time has come, and rows of a worker whose lease ran out
 * (it stopped mid-way: those few may have gone out already).
 */
export async function claimDeliveries(
  db: Db,
  engine: Engine,
  options: { issueId: number; worker: string; limit: number; now: number; lockedUntil: number },
): Promise<ClaimedDelivery[]> {
  const { issueId, now } = options;
  let due = db
    .selectFrom('newsletter_deliveries')
    .select('id')
    .where('issue_id', '=', issueId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({
      status: 'sending',
      locked_by: options.worker,
      locked_until: options.lockedUntil,
      attempts: eb('attempts', '+', 1),
      first_attempt_at: eb.fn.coalesce('first_attempt_at', eb.val(now)),
    }))
    .where('id', 'in', due)
    .returning(['id', 'subscriber_id', 'attempts', 'first_attempt_at'])
    .execute();
  if (claimed.length === 0) return [];
  const subscribers = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status'])
    .where(
      'id',
      'in',
      claimed.map((row) => row.subscriber_id),
    )
    .execute();
  const byId = new Map(subscribers.map((row) => [row.id, row]));
  return claimed.flatMap((row) => {
    const subscriber = byId.get(row.subscriber_id);
    return subscriber
      ? [{ ...row, email: subscriber.email, subscriber_status: subscriber.status }]
      : [];
  });
}

/** The outcome of one claimed row, recorded only while `worker` still holds it. */
export type DeliveryOutcome =
  | { status: 'sent' }
  | { status: 'skipped' }
  | { status: 'failed'; error: string }
  | { status: 'retry'; error: string; at: number };

export async function recordDelivery(
  db: Db,
  id: number,
  worker: string,
  outcome: DeliveryOutcome,
  now: number,
): Promise<void> {
  const released = { locked_by: null, locked_until: null };
  const changes =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sent_at: now, last_error: null }
      : outcome.status === 'skipped'
        ? { status: 'skipped' as const }
        : outcome.status === 'failed'
          ? { status: 'failed' as const, last_error: outcome.error.slice(0, 1000) }
          : { status: 'pending' as const, next_attempt_at: outcome.at, last_error: outcome.error.slice(0, 1000) };
  await db
    .updateTable('newsletter_deliveries')
    .set({ ...changes, ...released })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'sending')
    .execute();
}

/** Renews the claim on rows still being sent. */
export async function extendDeliveryLease(db: Db, ids: readonly number[], worker: string, until: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('newsletter_deliveries')
    .set({ locked_until: until })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * When the issue next has a row to claim: the earliest retry, or the end of
 * a lease held by a worker; undefined when every row has its outcome.
 */
export async function nextDeliveryDue(db: Db, issueId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => [
      eb.fn.min(eb.case().when('status', '=', 'pending').then(eb.ref('next_attempt_at')).end()).as('retry'),
      eb.fn.min(eb.case().when('status', '=', 'sending').then(eb.ref('locked_until')).end()).as('lease'),
    ])
    .where('issue_id', '=', issueId)
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  const times = [row?.retry, row?.lease].filter((value) => value !== null && value !== undefined).map(Number);
  return times.length === 0 ? undefined : Math.min(...times);
}

/** Deliveries of all issues by status, for /metrics. */
export async function countDeliveriesByStatus(db: Db): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** What changes with any write to the issues: the count, the versions, the newest id. */
export function readNewsletterIssuesStamp(db: Db) {
  return db
    .selectFrom('newsletter_issues')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('version').as('versions'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
}

/** The sent issues that carried a post, oldest first (the proof a paid inclusion was kept). */
export async function findIssuesCarryingPost(db: Db, postId: number): Promise<NewsletterIssueRecord[]> {
  return (await findIssuesCarryingPosts(db, [postId])).get(postId) ?? [];
}

/** The sent issues that carried each of these posts, oldest first, in one query; a post carried by none is left out. */
export async function findIssuesCarryingPosts(db: Db, postIds: readonly number[]): Promise<Map<number, NewsletterIssueRecord[]>> {
  const carrying = new Map<number, NewsletterIssueRecord[]>();
  if (postIds.length === 0) return carrying;
  // post_ids is a short JSON array; the exact-element match is checked after the coarse filter.
  const rows = await db
    .selectFrom('newsletter_issues')
    .selectAll()
    .where('status', '=', 'sent')
    .where((eb) => eb.or(postIds.map((postId) => eb('post_ids', 'like', `%${postId}%`))))
    .orderBy('sent_at')
    .orderBy('id')
    .execute();
  for (const issue of rows.map(toIssueRecord)) {
    for (const postId of new Set(postIds)) {
      if (!issue.post_ids.includes(postId) || issue.left_out.some((post) => post.id === postId)) continue;
      const issues = carrying.get(postId) ?? [];
      issues.push(issue);
      carrying.set(postId, issues);
    }
  }
  return carrying;
}
