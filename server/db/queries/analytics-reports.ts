/**
 * Reading the audience numbers for the back office: sums over the daily
 * roll-ups (`analytics_daily`) and the counted outbound clicks
 * (`analytics_clicks`), never the per-visitor tables, so a year reads the
 * same few rows per day however many people came. Days are UTC
 * `YYYY-MM-DD` text, compared as text.
 */
import { sql } from 'kysely';
import type { AnalyticsDimension, Db } from '../schema.ts';

export interface DayRange {
  from: string;
  to: string;
}

export interface CountRow {
  value: string;
  views: number;
  visitors: number;
}

export interface DayCountRow {
  day: string;
  views: number;
  visitors: number;
}

// Sums are bigint on PostgreSQL, answered as text by the driver.
const sumOf = (column: 'views' | 'visitors' | 'clicks') => sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;

/** Views and visitors of each value of `dimension` over the range, most viewed first. */
export async function sumByValue(db: Db, dimension: AnalyticsDimension, range: DayRange, limit: number): Promise<CountRow[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['value', sumOf('views').as('views'), sumOf('visitors').as('visitors')])
    .where('dimension', '=', dimension)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('value')
    .orderBy('views', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ value: row.value, views: Number(row.views), visitors: Number(row.visitors) }));
}

/**
 * The sources of one page over the range (`page_source` rows, whose value
 * is the path and the source joined by a newline), most visits first.
 */
export async function sourcesOfPage(db: Db, path: string, range: DayRange, limit: number): Promise<CountRow[]> {
  const prefix = `${path}\n`;
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['value', sumOf('views').as('views'), sumOf('visitors').as('visitors')])
    .where('dimension', '=', 'page_source')
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    // A range on the key instead of LIKE, so `%` or `_` in a path mean themselves; '\v' follows '\n'.
    .where('value', '>=', prefix)
    .where('value', '<', `${path}\u000b`)
    .groupBy('value')
    .orderBy('views', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ value: row.value.slice(prefix.length), views: Number(row.views), visitors: Number(row.visitors) }));
}

/** Views and visitors of one value of `dimension` per day of the range; days without a row are absent. */
export async function dailyOf(db: Db, dimension: AnalyticsDimension, value: string, range: DayRange): Promise<DayCountRow[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'views', 'visitors'])
    .where('dimension', '=', dimension)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('value', '=', value)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
}

/** Outbound clicks of each post over the range, by the post's current slug, most clicked first; `postId` narrows to one post. */
export async function outboundByPost(db: Db, range: DayRange, limit: number, postId?: number): Promise<{ slug: string; clicks: number }[]> {
  let query = db
    .selectFrom('analytics_clicks')
    .innerJoin('posts', 'posts.id', 'analytics_clicks.subject_id')
    .select(['posts.slug as slug', sql<string | number>`coalesce(sum(analytics_clicks.clicks), 0)`.as('clicks')])
    .where('analytics_clicks.kind', '=', 'outbound')
    .where('analytics_clicks.day', '>=', range.from)
    .where('analytics_clicks.day', '<=', range.to);
  if (postId !== undefined) query = query.where('analytics_clicks.subject_id', '=', postId);
  const rows = await query.groupBy('posts.slug').orderBy('clicks', 'desc').orderBy('posts.slug').limit(limit).execute();
  return rows.map((row) => ({ slug: row.slug, clicks: Number(row.clicks) }));
}

/** The id of the post whose address is `slug`, or null. */
export async function postIdBySlug(db: Db, slug: string): Promise<number | null> {
  const row = await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

/** Distinct visitors whose latest beacon came at or after `since` (Unix seconds): one presence row per visitor. */
export async function visitorsSeenSince(db: Db, since: number): Promise<number> {
  const row = await db
    .selectFrom('analytics_presence')
    .select(sql<string | number>`count(distinct visitor)`.as('n'))
    .where('seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
