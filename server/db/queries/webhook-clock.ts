/**
 * What the clock's webhooks already told (decision 100): a post's going
 * live and its campaign's end, each told once, and the posts and
 * campaigns the clock has made so since a second.
 */
import type { Db, WebhookClockEventTable } from '../schema.ts';

export type ClockEvent = WebhookClockEventTable['event'];

/** Records `event` of a post as told; false when it was already (another server, a save, an earlier run). */
export async function markTold(db: Db, event: ClockEvent, postId: number, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_clock_events')
    .values({ event, post_id: postId, told_at: now })
    .onConflict((oc) => oc.columns(['event', 'post_id']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets that `event` of a post was told, so the next one is news; true when it had been. */
export async function forgetTold(db: Db, event: ClockEvent, postId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('webhook_clock_events').where('event', '=', event).where('post_id', '=', postId).returning('post_id').executeTakeFirst();
  return deleted !== undefined;
}

/** Published posts whose `published_at` came in (since, now] and whose going live was not told. */
export async function listPostsGoneLive(db: Db, since: number, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('posts as p')
    .select('p.id')
    .where('p.status', '=', 'published')
    .where('p.published_at', '>', since)
    .where('p.published_at', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('webhook_clock_events as e').select('e.post_id').where('e.event', '=', 'post.published').whereRef('e.post_id', '=', 'p.id'))),
    )
    .orderBy('p.published_at')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The campaigns of live posts whose end came in (since, now], after their
 * post went live, and was not told; their state as stored (a save may have
 * recorded the platform's result since).
 */
export async function listCampaignsEndedSince(db: Db, since: number, now: number) {
  const rows = await db
    .selectFrom('post_campaigns as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.post_id', 'c.state', 'c.goal', 'c.pledged', 'c.backers', 'c.launched_at', 'c.ends_at'])
    .where('p.status', '=', 'published')
    .where('p.published_at', '<=', now)
    .where('c.ends_at', '>', since)
    .where('c.ends_at', '<=', now)
    .whereRef('c.ends_at', '>', 'p.published_at')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('webhook_clock_events as e').select('e.post_id').where('e.event', '=', 'campaign.ended').whereRef('e.post_id', '=', 'c.post_id'))),
    )
    .orderBy('c.ends_at')
    .orderBy('c.post_id')
    .execute();
  const num = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    post_id: Number(row.post_id),
    state: row.state,
    goal: num(row.goal),
    pledged: num(row.pledged),
    backers: num(row.backers),
    launched_at: num(row.launched_at),
    ends_at: num(row.ends_at),
  }));
}
