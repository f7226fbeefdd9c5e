/**
 * The one reader of the audience numbers: their screen (and the
 * post editor's panel, which reads the screen's answer) and the sponsor
 * report read them here alone. Sums over the roll-ups and the counted
 * clicks (`analytics_clicks`), never the per-visitor tables, so a year
 * reads the same few rows per day however many people came. Sums over a
 * range read its whole months from `analytics_monthly` and only the days
 * before and after them from `analytics_daily` (decision 071). Days are the
 * days they were counted on (the site's, decision 085) as `YYYY-MM-DD` text
 * and months `YYYY-MM`, compared as text.
 */
import { sql } from 'kysely';
import { addDays, firstOfNextMonth, previousMonth } from '../../../common/calendar-days.ts';
import type { AnalyticsDimension, ClickKind, Db } from '../schema.ts';

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

/**
 * The whole months of a range (`from`..`to`, as `YYYY-MM`) and the first
 * day after them, or null when the range holds no whole month.
 */
export function wholeMonths({ from, to }: DayRange): { from: string; to: string; start: string; end: string } | null {
  const first = from.endsWith('-01') ? from.slice(0, 7) : firstOfNextMonth(from.slice(0, 7)).slice(0, 7);
  const endsMonth = firstOfNextMonth(to.slice(0, 7)) === addDays(to, 1);
  const last = endsMonth ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  if (first > last) return null;
  return { from: first, to: last, start: `${first}-01`, end: firstOfNextMonth(last) };
}

/**
 * The rows to sum for `dimension` over the range: whole months from the
 * monthly roll-ups, the other days from the daily ones; `values` narrows
 * to a range of values (`[lowest, below]`).
 */
function rowsOfRange(db: Db, dimension: AnalyticsDimension, range: DayRange, values?: [string, string]) {
  const daysBetween = (from: string, to: string) => {
    let days = db
      .selectFrom('analytics_daily')
      .select(['value', 'views', 'visitors'])
      .where('dimension', '=', dimension)
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (values) days = days.where('value', '>=', values[0]).where('value', '<', values[1]);
    return days;
  };
  const months = wholeMonths(range);
  if (months === null) return daysBetween(range.from, range.to);
  let rows = db
    .selectFrom('analytics_monthly')
    .select(['value', 'views', 'visitors'])
    .where('dimension', '=', dimension)
    .where('month', '>=', months.from)
    .where('month', '<=', months.to);
  if (values) rows = rows.where('value', '>=', values[0]).where('value', '<', values[1]);
  // Each edge as its own key range: one range with "outside the months"
  // as a filter would walk every daily row of the months too.
  if (range.from < months.start) rows = rows.unionAll(daysBetween(range.from, addDays(months.start, -1)));
  if (months.end <= range.to) rows = rows.unionAll(daysBetween(months.end, range.to));
  return rows;
}

/** Views and visitors of each value of `dimension` over the range, most viewed first. */
export async function sumByValue(db: Db, dimension: AnalyticsDimension, range: DayRange, limit: number): Promise<CountRow[]> {
  const rows = await db
    .selectFrom(rowsOfRange(db, dimension, range).as('counted'))
    .select(['value', sumOf('views').as('views'), sumOf('visitors').as('visitors')])
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
  // A range on the key instead of LIKE, so `%` or `_` in a path mean themselves; '\v' follows '\n'.
  const rows = await db
    .selectFrom(rowsOfRange(db, 'page_source', range, [prefix, `${path}\u000b`]).as('counted'))
    .select(['value', sumOf('views').as('views'), sumOf('visitors').as('visitors')])
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

/** Clicks of one kind on one subject over the range, by day and target. */
export async function clicksOfSubject(db: Db, kind: ClickKind, subjectId: number, range: DayRange): Promise<{ day: string; target: string; clicks: number }[]> {
  const rows = await db
    .selectFrom('analytics_clicks')
    .select(['day', 'target', 'clicks'])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day')
    .orderBy('target')
    .execute();
  return rows.map((row) => ({ day: row.day, target: row.target, clicks: Number(row.clicks) }));
}

/** Clicks on the links of each issue that led to the post, by issue, every day added up. */
export async function newsletterClicksToPost(db: Db, postId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('analytics_clicks')
    .innerJoin('newsletter_links', (join) => join.onRef('newsletter_links.issue_id', '=', 'analytics_clicks.subject_id'))
    .select(['analytics_clicks.subject_id as issue_id', 'analytics_clicks.target', 'newsletter_links.link_no', (eb) => eb.fn.sum<number | string>('analytics_clicks.clicks').as('clicks')])
    .where('analytics_clicks.kind', '=', 'newsletter')
    .where('newsletter_links.post_id', '=', postId)
    .groupBy(['analytics_clicks.subject_id', 'analytics_clicks.target', 'newsletter_links.link_no'])
    .execute();
  const clicks = new Map<number, number>();
  // The click's target is the link number as text: matched here, so both engines compare the same way.
  for (const row of rows) {
    if (row.target !== String(row.link_no)) continue;
    clicks.set(row.issue_id, (clicks.get(row.issue_id) ?? 0) + Number(row.clicks));
  }
  return clicks;
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
