/**
 * The CDN's purge log (decision 098): one row per attempt, read by the
 * owners' Settings → CDN; and the kept pages a write's sources name, for a
 * CDN purged by address rather than by tag.
 */
import type { Db } from '../schema.ts';

export interface CdnPurgeEntry {
  cdn: string;
  /** Null: everything. */
  tags: string[] | null;
  reason: 'write' | 'clock' | 'everything';
  status: 'sent' | 'failed';
  attempt: number;
  retried: boolean;
  error: string | null;
  at: number;
}

/** How long the log keeps an attempt. */
const KEPT_SECONDS = 30 * 24 * 60 * 60;

/** Records one attempt, and lets attempts older than a month go. */
export async function recordCdnPurge(db: Db, entry: CdnPurgeEntry): Promise<void> {
  await db
    .insertInto('cdn_purges')
    .values({
      cdn: entry.cdn,
      tags: entry.tags === null ? null : JSON.stringify(entry.tags),
      reason: entry.reason,
      status: entry.status,
      attempt: entry.attempt,
      retried: entry.retried ? 1 : 0,
      error: entry.error,
      at: entry.at,
    })
    .execute();
  await db.deleteFrom('cdn_purges').where('at', '<', entry.at - KEPT_SECONDS).execute();
}

const toEntry = (row: { cdn: string; tags: string | null; reason: CdnPurgeEntry['reason']; status: CdnPurgeEntry['status']; attempt: number; retried: number; error: string | null; at: number }): CdnPurgeEntry => ({
  cdn: row.cdn,
  tags: row.tags === null ? null : (JSON.parse(row.tags) as string[]),
  reason: row.reason,
  status: row.status,
  attempt: Number(row.attempt),
  retried: Number(row.retried) === 1,
  error: row.error,
  at: Number(row.at),
});

/** The last purge that went through, and the newest failed attempts (up to `failures`). */
export async function readCdnPurgeLog(db: Db, failures: number): Promise<{ lastSent: CdnPurgeEntry | null; failures: CdnPurgeEntry[] }> {
  const columns = ['cdn', 'tags', 'reason', 'status', 'attempt', 'retried', 'error', 'at'] as const;
  const [last, failed] = await Promise.all([
    db.selectFrom('cdn_purges').select(columns).where('status', '=', 'sent').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('cdn_purges').select(columns).where('status', '=', 'failed').orderBy('id', 'desc').limit(failures).execute(),
  ]);
  return { lastSent: last ? toEntry(last) : null, failures: failed.map(toEntry) };
}

/**
 * The paths of the kept pages made from any of `sources`, and of those
 * that may show anything (query strings are not kept: a CDN purging by
 * address is given the page's one address).
 */
export async function listKeptPathsShowing(db: Db, sources: readonly string[], limit: number): Promise<string[]> {
  const named =
    sources.length === 0
      ? []
      : await db.selectFrom('rendered_page_sources').select('path').distinct().where('source', 'in', [...sources]).limit(limit).execute();
  const anything = await db.selectFrom('rendered_pages').select('path').distinct().where('sources', 'is', null).limit(limit).execute();
  return [...new Set([...named, ...anything].map((row) => row.path))].slice(0, limit);
}

/** A campaign on the public site whose words the clock may change, with the categories of its post. */
export interface CampaignClock {
  post_id: number;
  state: 'live';
  goal: number | null;
  pledged: number | null;
  launched_at: number | null;
  ends_at: number | null;
  category_ids: string[];
}

/** The live campaigns of the posts on the public site at `now`. */
export async function listCampaignClocks(db: Db, now: number): Promise<CampaignClock[]> {
  const rows = await db
    .selectFrom('post_campaigns as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.post_id', 'c.goal', 'c.pledged', 'c.launched_at', 'c.ends_at'])
    .where('c.state', '=', 'live')
    .where('p.status', '=', 'published')
    .where('p.published_at', '<=', now)
    .execute();
  if (rows.length === 0) return [];
  const categories = await db
    .selectFrom('post_categories')
    .select(['post_id', 'category_id'])
    .where('post_id', 'in', rows.map((row) => row.post_id))
    .execute();
  return rows.map((row) => ({
    post_id: Number(row.post_id),
    state: 'live' as const,
    goal: row.goal === null ? null : Number(row.goal),
    pledged: row.pledged === null ? null : Number(row.pledged),
    launched_at: row.launched_at === null ? null : Number(row.launched_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    category_ids: categories.filter((category) => Number(category.post_id) === Number(row.post_id)).map((category) => category.category_id),
  }));
}
