/**
 * Campaigns: the facts stored about a post's crowdfunding campaign
 * (`post_campaigns`, at most one per post) and its history
 * (`campaign_snapshots`). The link is the post's `campaign_url`, read with
 * the post. What the clock makes of the facts is common/campaign.ts's; the
 * list filters below say the same in SQL.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  ENDING_SOON_SECONDS,
  JUST_LAUNCHED_SECONDS,
  type CampaignFacts,
  type CampaignFilter,
} from '../../../common/campaign.ts';
import type { Db, PostCampaignRow } from '../schema.ts';

/** The stored facts, without the link (the post's own column). */
export type StoredFacts = Omit<CampaignFacts, 'url'>;

/** Points closer than this to the latest one replace it: a creator fixing a typo is one change. */
export const SNAPSHOT_MERGE_SECONDS = 10 * 60;

const FACT_COLUMNS = [
  'post_id',
  'platform',
  'currency',
  'goal',
  'pledged',
  'backers',
  'launched_at',
  'ends_at',
  'state',
  'facts_updated_at',
  'facts_source',
  'refresh_error',
  'refresh_error_at',
  'ref_tag',
  'creator_name',
  'location',
  'reward_from',
  'delivery_estimate',
  'video_url',
  'video_poster',
] as const;

export type CampaignRow = Pick<PostCampaignRow, (typeof FACT_COLUMNS)[number]>;

export function factsOf(row: CampaignRow): StoredFacts {
  return {
    platform: row.platform,
    currency: row.currency,
    goal: row.goal,
    pledged: row.pledged,
    backers: row.backers,
    launched_at: row.launched_at,
    ends_at: row.ends_at,
    state: row.state,
    facts_updated_at: row.facts_updated_at,
    facts_source: row.facts_source,
    ref_tag: row.ref_tag,
    creator_name: row.creator_name,
    location: row.location,
    reward_from: row.reward_from,
    delivery_estimate: row.delivery_estimate,
    video_url: row.video_url,
    video_poster: row.video_poster,
  };
}

/** The campaigns of many posts in one query, by post id. */
export async function findCampaigns(db: Db, postIds: readonly number[]): Promise<Map<number, CampaignRow>> {
  const byPost = new Map<number, CampaignRow>();
  if (postIds.length === 0) return byPost;
  const rows = await db.selectFrom('post_campaigns').select(FACT_COLUMNS).where('post_id', 'in', [...postIds]).execute();
  for (const row of rows) byPost.set(row.post_id, row);
  return byPost;
}

export async function findCampaign(db: Db, postId: number): Promise<CampaignRow | undefined> {
  return (await findCampaigns(db, [postId])).get(postId);
}

/**
 * Stores a post's facts over what was there, and records a snapshot when
 * pledged or backers changed (or the campaign is new with either known).
 * Call inside the write's transaction.
 */
export async function saveCampaign(db: Db, postId: number, facts: StoredFacts): Promise<void> {
  const before = await findCampaign(db, postId);
  const values = { ...facts };
  if (before) {
    await db.updateTable('post_campaigns').set(values).where('post_id', '=', postId).execute();
  } else {
    await db.insertInto('post_campaigns').values({ post_id: postId, ...values }).execute();
  }
  const changed = before ? before.pledged !== facts.pledged || before.backers !== facts.backers : facts.pledged !== null || facts.backers !== null;
  if (changed) await recordSnapshot(db, postId, facts.facts_updated_at, facts.pledged, facts.backers);
}

/** Removes a post's campaign and its history; true when there was one. */
export async function deleteCampaign(db: Db, postId: number): Promise<boolean> {
  await db.deleteFrom('campaign_snapshots').where('post_id', '=', postId).execute();
  const result = await db.deleteFrom('post_campaigns').where('post_id', '=', postId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * One point of history: a new one, or, within SNAPSHOT_MERGE_SECONDS of
 * the latest, that one moved to `at` with the new numbers.
 */
export async function recordSnapshot(db: Db, postId: number, at: number, pledged: number | null, backers: number | null): Promise<void> {
  const latest = await db
    .selectFrom('campaign_snapshots')
    .select('at')
    .where('post_id', '=', postId)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && at - latest.at < SNAPSHOT_MERGE_SECONDS && at >= latest.at) {
    await db
      .updateTable('campaign_snapshots')
      .set({ at, pledged, backers })
      .where('post_id', '=', postId)
      .where('at', '=', latest.at)
      .execute();
    return;
  }
  await db
    .insertInto('campaign_snapshots')
    .values({ post_id: postId, at, pledged, backers })
    .onConflict((oc) => oc.columns(['post_id', 'at']).doUpdateSet({ pledged, backers }))
    .execute();
}

/** Points of history as they are, with no merging (a history made at once, such as the demo content's). */
export async function insertSnapshots(
  db: Db,
  postId: number,
  points: readonly { at: number; pledged: number | null; backers: number | null }[],
): Promise<void> {
  if (points.length === 0) return;
  await db
    .insertInto('campaign_snapshots')
    .values(points.map((point) => ({ post_id: postId, ...point })))
    .onConflict((oc) => oc.columns(['post_id', 'at']).doNothing())
    .execute();
}

/** A campaign's history, oldest first. */
export function listSnapshots(db: Db, postId: number): Promise<{ at: number; pledged: number | null; backers: number | null }[]> {
  return db
    .selectFrom('campaign_snapshots')
    .select(['at', 'pledged', 'backers'])
    .where('post_id', '=', postId)
    .orderBy('at', 'asc')
    .execute();
}

/**
 * Stores the poster of the video at `videoUrl`, unless the campaign's
 * video changed meanwhile; true when it was stored.
 */
export async function setVideoPoster(db: Db, postId: number, videoUrl: string, poster: string): Promise<boolean> {
  const result = await db
    .updateTable('post_campaigns')
    .set({ video_poster: poster })
    .where('post_id', '=', postId)
    .where('video_url', '=', videoUrl)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records why the last refresh failed (null clears it), keeping the facts. */
export async function setRefreshError(db: Db, postId: number, error: string | null, at: number): Promise<void> {
  await db
    .updateTable('post_campaigns')
    .set({ refresh_error: error, refresh_error_at: error === null ? null : at })
    .where('post_id', '=', postId)
    .execute();
}

/**
 * The condition of a list filter on `posts`, at `now`: the SQL twin of
 * `matchesCampaignFilter` in common/campaign.ts.
 */
export function campaignFilterCondition(filter: CampaignFilter, now: number): RawBuilder<boolean> {
  const within = (condition: RawBuilder<boolean>) =>
    sql<boolean>`exists (select 1 from post_campaigns c where c.post_id = posts.id and ${condition})`;
  const running = sql<boolean>`c.state = 'live' and (c.ends_at is null or c.ends_at > ${now})`;
  switch (filter) {
    case 'live':
      return within(running);
    case 'ending_soon':
      return within(sql<boolean>`c.state = 'live' and c.ends_at > ${now} and c.ends_at <= ${now + ENDING_SOON_SECONDS}`);
    case 'just_launched':
      return within(sql<boolean>`${running} and c.launched_at <= ${now} and c.launched_at >= ${now - JUST_LAUNCHED_SECONDS}`);
    case 'funded':
      return within(sql<boolean>`c.goal > 0 and c.pledged >= c.goal`);
    case 'ended':
      return within(sql<boolean>`(c.state in ('successful', 'failed') or (c.state = 'live' and c.ends_at <= ${now}))`);
  }
}

/** Past every campaign end (year 5138): what a list ordered by end puts after them. */
const NO_END = 99_999_999_999;

/** A post's campaign end for ordering by it; posts without one come after every end. */
export const campaignEndOfPost = sql<number>`coalesce((select c.ends_at from post_campaigns c where c.post_id = posts.id), ${sql.lit(NO_END)})`;

/**
 * A post's place in a list "ending first" at `now`, soonest first: a live
 * or upcoming campaign whose end is ahead, by its end; then the others with
 * an end, the last to end first; then campaigns without an end, and posts
 * without a campaign. Whole numbers on both engines, so a page token can
 * hold it.
 */
export function endingFirstKeyOfPost(now: number): RawBuilder<number> {
  return sql<number>`coalesce((select case
      when c.state in ('live', 'upcoming') and c.ends_at > ${now} then c.ends_at
      when c.ends_at is not null then ${sql.lit(2 * NO_END)} - c.ends_at
    end from post_campaigns c where c.post_id = posts.id), ${sql.lit(3 * NO_END)})`;
}

/**
 * A post's funding for the list "most funded first": its pledged amount as
 * a whole percentage of its goal (as `percentFunded` rounds it); -1 without
 * both numbers or a campaign, so those come last. Percentages, not amounts:
 * campaigns in different currencies compare.
 */
export const percentFundedOfPost = sql<number>`coalesce((select case
    when c.goal > 0 and c.pledged is not null then (c.pledged * 100) / c.goal
  end from post_campaigns c where c.post_id = posts.id), -1)`;

/**
 * The first second after `now` at which the clock alone moves a campaign
 * into or out of a list filter (common/campaign.ts): a launch, the end of
 * its "just launched" days, its last 48 hours, its end. Null when no
 * campaign has any ahead. A list filtered by campaign expires then, even
 * for campaigns it does not show yet (an upcoming one's end moves it in
 * "ending first"). One look per boundary, on the indexes of `state` with
 * `ends_at` and with `launched_at`.
 */
export async function nextCampaignFilterChange(db: Db, now: number): Promise<number | null> {
  const first = (column: 'ends_at' | 'launched_at', after: number) =>
    db
      .selectFrom('post_campaigns')
      .select((eb) => eb.fn.min(column).as('at'))
      .where('state', 'in', ['live', 'upcoming'])
      .where(column, '>', after)
      .executeTakeFirst()
      .then((row) => (row?.at === null || row?.at === undefined ? null : Number(row.at)));
  const [end, soonLine, launch, launchedLine] = await Promise.all([
    first('ends_at', now),
    first('ends_at', now + ENDING_SOON_SECONDS),
    first('launched_at', now),
    first('launched_at', now - JUST_LAUNCHED_SECONDS - 1),
  ]);
  const candidates = [
    end,
    soonLine === null ? null : soonLine - ENDING_SOON_SECONDS,
    launch,
    launchedLine === null ? null : launchedLine + JUST_LAUNCHED_SECONDS + 1,
  ].filter((at): at is number => at !== null && at > now);
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/**
 * The posts on the public site at `now` whose campaign is running and ends
 * by `until`, the one ending first at the top, at most `limit`: the posts
 * of an "ending soon" newsletter issue.
 */
export async function listPostIdsEndingBy(db: Db, now: number, until: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('post_campaigns as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select('p.id')
    .where('c.state', '=', 'live')
    .where('c.ends_at', '>', now)
    .where('c.ends_at', '<=', until)
    .where('p.status', '=', 'published')
    .where('p.published_at', '<=', now)
    .orderBy('c.ends_at', 'asc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
