/**
 * Follows of campaigns and their alert mails (migration 0036, decision
 * 097). Addresses are kept trimmed and in lower case, one follow per
 * address and post.
 */
import { sql } from 'kysely';
import type { FollowMoment } from '../../../common/follow.ts';
import type { Engine } from '../database.ts';
import { factsOf, type CampaignRow, type StoredFacts } from './campaigns.ts';
import type { Db, FollowRow } from '../schema.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findFollow(db: Db, postId: number, email: string): Promise<FollowRow | undefined> {
  return db.selectFrom('follows').selectAll().where('post_id', '=', postId).where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findFollowById(db: Db, id: number): Promise<FollowRow | undefined> {
  return db.selectFrom('follows').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFollowsByIds(db: Db, ids: readonly number[]): Promise<FollowRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('follows').selectAll().where('id', 'in', [...ids]).execute();
}

export function findFollowToConfirm(db: Db, tokenHash: string, now: number): Promise<FollowRow | undefined> {
  return db
    .selectFrom('follows')
    .selectAll()
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>', now)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export interface FollowRequest {
  postId: number;
  email: string;
  /** The new link's hash and end, or null to follow at once (no double opt-in). */
  confirmation: { tokenHash: string; expiresAt: number } | null;
  /** The moments already past when following at once. */
  momentsDone: string;
  now: number;
}

/** A new follow; null when the address follows (or waits to follow) this campaign already. */
export async function insertFollow(db: Db, request: FollowRequest): Promise<FollowRow | null> {
  const row = await db
    .insertInto('follows')
    .values({
      post_id: request.postId,
      email: normaliseEmail(request.email),
      status: request.confirmation ? 'pending' : 'following',
      confirm_token_hash: request.confirmation?.tokenHash ?? null,
      confirm_expires_at: request.confirmation?.expiresAt ?? null,
      confirm_sent_at: request.confirmation ? request.now : null,
      moments_done: request.momentsDone,
      created_at: request.now,
      confirmed_at: request.confirmation ? null : request.now,
    })
    .onConflict((oc) => oc.columns(['post_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A follow that waits or ended starts again, pending with a new link (or
 * following at once). `onlyIf` is the row's state as read, so two requests
 * at the same moment renew it once.
 */
export async function renewFollow(db: Db, existing: FollowRow, request: FollowRequest): Promise<FollowRow | undefined> {
  let update = db
    .updateTable('follows')
    .set({
      status: request.confirmation ? 'pending' : 'following',
      confirm_token_hash: request.confirmation?.tokenHash ?? null,
      confirm_expires_at: request.confirmation?.expiresAt ?? null,
      confirm_sent_at: request.confirmation ? request.now : null,
      moments_done: request.confirmation ? '[]' : request.momentsDone,
      confirmed_at: request.confirmation ? null : request.now,
      ended_at: null,
      ended_via: null,
    })
    .where('id', '=', existing.id)
    .where('status', '=', existing.status);
  update = existing.confirm_sent_at === null ? update.where('confirm_sent_at', 'is', null) : update.where('confirm_sent_at', '=', existing.confirm_sent_at);
  return update.returningAll().executeTakeFirst();
}

/** Pending → following, the link used up; false when it was confirmed (or renewed) meanwhile. */
export async function confirmFollow(db: Db, id: number, momentsDone: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('follows')
    .set({ status: 'following', confirm_token_hash: null, confirm_expires_at: null, confirmed_at: now, moments_done: momentsDone })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends follows that have not ended; how many did. */
export async function endFollows(db: Db, ids: readonly number[], via: string, now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('follows')
    .set({ status: 'ended', ended_at: now, ended_via: via, confirm_token_hash: null, confirm_expires_at: null })
    .where('id', 'in', [...ids])
    .where('status', '!=', 'ended')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findFollowIdsOfEmail(db: Db, email: string): Promise<number[]> {
  return db
    .selectFrom('follows')
    .select('id')
    .where('email', '=', normaliseEmail(email))
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/** Every follow of an address and its alert mails, gone (erasure). */
export async function deleteFollowsOfEmail(db: Db, email: string): Promise<number> {
  const address = normaliseEmail(email);
  await db.deleteFrom('follow_alerts').where('email', '=', address).execute();
  const result = await db.deleteFrom('follows').where('email', '=', address).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A confirmed follow with what the alerts need of its post and campaign. */
export interface FollowToCheck {
  id: number;
  email: string;
  moments_done: string;
  post_id: number;
  slug: string;
  title: string;
  campaign_url: string | null;
  /** Null once the post has no campaign. */
  facts: StoredFacts | null;
}

/** Confirmed follows after `afterId`, in id order, with their campaigns. */
export async function listFollowing(db: Db, afterId: number, limit: number): Promise<FollowToCheck[]> {
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('posts as p', 'p.id', 'f.post_id')
    .leftJoin('post_campaigns as c', 'c.post_id', 'f.post_id')
    .select([
      'f.id',
      'f.email',
      'f.moments_done',
      'f.post_id',
      'p.slug',
      'p.title',
      'p.campaign_url',
      'c.post_id as campaign_post_id',
      'c.platform',
      'c.currency',
      'c.goal',
      'c.pledged',
      'c.backers',
      'c.launched_at',
      'c.ends_at',
      'c.state',
      'c.facts_updated_at',
      'c.facts_source',
      'c.refresh_error',
      'c.refresh_error_at',
      'c.ref_tag',
      'c.creator_name',
      'c.location',
      'c.reward_from',
      'c.delivery_estimate',
      'c.video_url',
      'c.video_poster',
    ])
    .where('f.status', '=', 'following')
    .where('f.id', '>', afterId)
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    moments_done: row.moments_done,
    post_id: row.post_id,
    slug: row.slug,
    title: row.title,
    campaign_url: row.campaign_url,
    facts: row.campaign_post_id === null ? null : factsOf({ ...row, post_id: row.campaign_post_id } as CampaignRow),
  }));
}

/**
 * Marks a follow's moments handled (and ends it with `ends`), only if they
 * are still as read: false when another pass got there first.
 */
export async function advanceFollow(
  db: Db,
  follow: { id: number; moments_done: string },
  momentsDone: string,
  ends: { via: string; now: number } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('follows')
    .set({ moments_done: momentsDone, ...(ends ? { status: 'ended' as const, ended_at: ends.now, ended_via: ends.via } : {}) })
    .where('id', '=', follow.id)
    .where('status', '=', 'following')
    .where('moments_done', '=', follow.moments_done)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records an alert mail to send, with the moments it tells of. */
export async function insertAlert(
  db: Db,
  email: string,
  items: readonly { followId: number; postId: number; moment: FollowMoment }[],
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('follow_alerts')
    .values({ email, status: 'pending', next_attempt_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('follow_alert_moments')
    .values(items.map((item) => ({ alert_id: id, follow_id: item.followId, post_id: item.postId, moment: item.moment })))
    .execute();
  return id;
}

export interface ClaimedAlert {
  id: number;
  email: string;
  attempts: number;
  created_at: number;
  items: { follow_id: number; post_id: number; moment: FollowMoment }[];
}

/** Claims due alert mails (pending, or whose claim ran out) for `lockedUntil`. */
export async function claimAlerts(
  db: Db,
  engine: Engine,
  options: { worker: string; limit: number; now: number; lockedUntil: number },
): Promise<ClaimedAlert[]> {
  const { now } = options;
  let due = db
    .selectFrom('follow_alerts')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('follow_alerts')
    .set((eb) => ({ locked_by: options.worker, locked_until: options.lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returning(['id', 'email', 'attempts', 'created_at'])
    .execute();
  if (claimed.length === 0) return [];
  const items = await db
    .selectFrom('follow_alert_moments')
    .select(['alert_id', 'follow_id', 'post_id', 'moment'])
    .where(
      'alert_id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('post_id')
    .execute();
  return claimed
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ ...row, items: items.filter((item) => item.alert_id === row.id) }));
}

/** What became of one claimed alert mail (only if this worker still holds it). */
export async function recordAlert(
  db: Db,
  id: number,
  worker: string,
  outcome: { status: 'sent' } | { status: 'failed'; error: string } | { status: 'retry'; error: string; at: number },
  now: number,
): Promise<void> {
  const changes =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sent_at: now, error: null }
      : outcome.status === 'failed'
        ? { status: 'failed' as const, error: outcome.error }
        : { status: 'pending' as const, error: outcome.error, next_attempt_at: outcome.at };
  await db
    .updateTable('follow_alerts')
    .set({ ...changes, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

export async function extendAlertLease(db: Db, ids: readonly number[], worker: string, lockedUntil: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('follow_alerts').set({ locked_until: lockedUntil }).where('id', 'in', [...ids]).where('locked_by', '=', worker).execute();
}

/** Whether an alert mail waits to be sent (now or later), and the earliest time one is due. */
export async function nextAlertDue(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('follow_alerts')
    .select((eb) => eb.fn.min(sql<number>`coalesce(locked_until, next_attempt_at)`).as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/** Whether any follow is confirmed: the alerts' pass has work. */
export async function hasFollowing(db: Db): Promise<boolean> {
  const row = await db.selectFrom('follows').select('id').where('status', '=', 'following').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Confirmed follows of a post's campaign, ever (following now, or ended after confirming). */
export async function countFollowers(db: Db, postIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (postIds.length === 0) return counts;
  const rows = await db
    .selectFrom('follows')
    .select(['post_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('post_id', 'in', [...postIds])
    .where('confirmed_at', 'is not', null)
    .groupBy('post_id')
    .execute();
  for (const row of rows) counts.set(row.post_id, Number(row.count));
  return counts;
}

/** Alert mails sent about a post's campaign. */
export async function countAlertsSent(db: Db, postId: number): Promise<number> {
  const row = await db
    .selectFrom('follow_alert_moments as m')
    .innerJoin('follow_alerts as a', 'a.id', 'm.alert_id')
    .select((eb) => eb.fn.count<number | string>('m.alert_id').distinct().as('count'))
    .where('m.post_id', '=', postId)
    .where('a.status', '=', 'sent')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The follows of a post's campaign, oldest first, for its CSV export. */
export function listFollowsOfPost(db: Db, postId: number): Promise<Pick<FollowRow, 'email' | 'status' | 'created_at' | 'confirmed_at' | 'ended_at'>[]> {
  return db
    .selectFrom('follows')
    .select(['email', 'status', 'created_at', 'confirmed_at', 'ended_at'])
    .where('post_id', '=', postId)
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/**
 * The SEQUENCE of a campaign's calendar event for the end `endsAt`: 0 the
 * first time, one more each time the end is found moved. Two requests
 * seeing the same move at once count it once.
 */
export async function calendarSequence(db: Db, postId: number, endsAt: number): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const known = await db.selectFrom('campaign_calendar_events').select(['ends_at', 'sequence']).where('post_id', '=', postId).executeTakeFirst();
    if (!known) {
      const inserted = await db
        .insertInto('campaign_calendar_events')
        .values({ post_id: postId, ends_at: endsAt, sequence: 0 })
        .onConflict((oc) => oc.column('post_id').doNothing())
        .returning('post_id')
        .executeTakeFirst();
      if (inserted) return 0;
      continue;
    }
    if (Number(known.ends_at) === endsAt) return known.sequence;
    const moved = await db
      .updateTable('campaign_calendar_events')
      .set({ ends_at: endsAt, sequence: known.sequence + 1 })
      .where('post_id', '=', postId)
      .where('sequence', '=', known.sequence)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) return known.sequence + 1;
  }
  const settled = await db.selectFrom('campaign_calendar_events').select('sequence').where('post_id', '=', postId).executeTakeFirst();
  return settled?.sequence ?? 0;
}

/**
 * Follows that ended before `before`, and pending ones whose link expired
 * before it, lose their address (the privacy policy's "until the follow
 * ends plus 30 days"): the row stays, without it, so the sponsor's counts
 * of followers and alerts hold. Their alert mails lose it too.
 */
export async function forgetEndedFollows(db: Db, before: number): Promise<number> {
  const forgotten = await db
    .updateTable('follows')
    .set((eb) => ({ email: sql<string>`'forgotten-' || cast(${eb.ref('id')} as text)`, confirm_token_hash: null }))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'ended'), eb('ended_at', '<', before)]),
        eb.and([eb('status', '=', 'pending'), eb('confirm_expires_at', '<', before)]),
      ]),
    )
    .where('email', 'not like', 'forgotten-%')
    .executeTakeFirst();
  await db
    .updateTable('follow_alerts')
    .set((eb) => ({ email: sql<string>`'forgotten-' || cast(${eb.ref('id')} as text)` }))
    .where('status', '!=', 'pending')
    .where('created_at', '<', before)
    .where('email', 'not like', 'forgotten-%')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follow_alert_moments as m')
            .innerJoin('follows as f', 'f.id', 'm.follow_id')
            .select('m.alert_id')
            .whereRef('m.alert_id', '=', 'follow_alerts.id')
            .where('f.status', '!=', 'ended'),
        ),
      ),
    )
    .execute();
  return Number(forgotten.numUpdatedRows);
}
