/**
 * Writes of the cookie-free audience numbers (decision 065): the day's salt,
 * the visitor hashes of each day, presence, and the daily and monthly
 * roll-ups, which only ever add. Every batch is written in key order, so two servers
 * flushing at once take their row locks in the same order.
 */
import { sql } from 'kysely';
import type { AnalyticsDimension, Db } from '../schema.ts';
import { listPublishedSlugs } from './content.ts';

/** Rows per statement: far below either engine's limit of bound values. */
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The day's salt: the first server to ask creates it, every other one reads that one. */
export async function daySalt(db: Db, day: string, candidate: string, now: number): Promise<string> {
  await db
    .insertInto('analytics_salts')
    .values({ day, salt: candidate, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts created before `before`, and the visitor hashes of their days; returns how many salts. */
export async function deleteOldSalts(db: Db, before: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const days = (await trx.selectFrom('analytics_salts').select('day').where('created_at', '<', before).execute()).map((row) => row.day);
    if (days.length === 0) return 0;
    await trx.deleteFrom('analytics_visitors').where('day', 'in', days).execute();
    await trx.deleteFrom('analytics_salts').where('day', 'in', days).execute();
    return days.length;
  });
}

export interface VisitorRow {
  day: string;
  visitor: string;
  path: string;
}

/** Records visitor hashes seen; returns those that were not recorded before (by this server or another). */
export async function insertVisitors(db: Db, rows: VisitorRow[]): Promise<VisitorRow[]> {
  const sorted = [...rows].sort((a, b) => compare(a.day, b.day) || compare(a.visitor, b.visitor) || compare(a.path, b.path));
  const fresh: VisitorRow[] = [];
  for (const batch of chunks(sorted)) {
    const inserted = await db
      .insertInto('analytics_visitors')
      .values(batch)
      .onConflict((oc) => oc.columns(['day', 'visitor', 'path']).doNothing())
      .returning(['day', 'visitor', 'path'])
      .execute();
    fresh.push(...inserted);
  }
  return fresh;
}

export interface DailyRow {
  dimension: AnalyticsDimension;
  day: string;
  value: string;
  views: number;
  visitors: number;
}

/**
 * Adds to the daily roll-ups and to their months (`analytics_monthly`, what
 * a long range reads, decision 071): a row missing is created, one present
 * grows. Call it inside the flush's transaction so both move together.
 */
export async function addToDaily(db: Db, rows: DailyRow[]): Promise<void> {
  await addToDays(db, rows);
  await addToMonths(db, rows);
}

async function addToDays(db: Db, rows: DailyRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => compare(a.dimension, b.dimension) || compare(a.day, b.day) || compare(a.value, b.value));
  for (const batch of chunks(sorted)) {
    await db
      .insertInto('analytics_daily')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['dimension', 'day', 'value']).doUpdateSet({
          views: sql<number>`analytics_daily.views + excluded.views`,
          visitors: sql<number>`analytics_daily.visitors + excluded.visitors`,
        }),
      )
      .execute();
  }
}

async function addToMonths(db: Db, rows: DailyRow[]): Promise<void> {
  const months = new Map<string, { dimension: AnalyticsDimension; month: string; value: string; views: number; visitors: number }>();
  for (const row of rows) {
    const month = row.day.slice(0, 7);
    const key = `${row.dimension}\u0000${month}\u0000${row.value}`;
    const found = months.get(key);
    if (found) {
      found.views += row.views;
      found.visitors += row.visitors;
    } else months.set(key, { dimension: row.dimension, month, value: row.value, views: row.views, visitors: row.visitors });
  }
  const sorted = [...months.values()].sort((a, b) => compare(a.dimension, b.dimension) || compare(a.month, b.month) || compare(a.value, b.value));
  for (const batch of chunks(sorted)) {
    await db
      .insertInto('analytics_monthly')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['dimension', 'month', 'value']).doUpdateSet({
          views: sql<number>`analytics_monthly.views + excluded.views`,
          visitors: sql<number>`analytics_monthly.visitors + excluded.visitors`,
        }),
      )
      .execute();
  }
}

/** The latest time each visitor hash was seen (an older time never replaces a newer one). */
export async function touchPresence(db: Db, rows: { visitor: string; seen_at: number }[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => compare(a.visitor, b.visitor));
  for (const batch of chunks(sorted)) {
    await db
      .insertInto('analytics_presence')
      .values(batch)
      .onConflict((oc) =>
        oc.column('visitor').doUpdateSet({
          seen_at: sql<number>`CASE WHEN excluded.seen_at > analytics_presence.seen_at THEN excluded.seen_at ELSE analytics_presence.seen_at END`,
        }),
      )
      .execute();
  }
}

export async function prunePresence(db: Db, before: number): Promise<void> {
  await db.deleteFrom('analytics_presence').where('seen_at', '<', before).execute();
}

/** The values one dimension holds on `day` (the sources of a day already written, say). */
export async function valuesOfDay(db: Db, dimension: AnalyticsDimension, day: string): Promise<string[]> {
  const rows = await db.selectFrom('analytics_daily').select('value').where('dimension', '=', dimension).where('day', '=', day).execute();
  return rows.map((row) => row.value);
}

/** The slugs of the pages that exist now, by kind: what a counted path is checked against. */
export interface PublicSlugs {
  /** Live posts and resources (both live at `/{slug}`). */
  items: Set<string>;
  categories: Set<string>;
  /** Sent newsletter issues (`/newsletter/{slug}`). */
  issues: Set<string>;
  /** Authors with a page (`/author/{slug}`): members of staff with a name and a slug. */
  authors: Set<string>;
}

/** The slugs of live posts and resources, of categories and of sent issues, in one go. */
export async function listPublicSlugs(db: Db): Promise<PublicSlugs> {
  const [posts, resources, categories, issues, authors] = await Promise.all([
    listPublishedSlugs(db, 'posts'),
    listPublishedSlugs(db, 'resources'),
    db.selectFrom('categories').select('slug').execute(),
    db.selectFrom('newsletter_issues').select('slug').where('status', '=', 'sent').execute(),
    db
      .selectFrom('users')
      .select('author_slug')
      .where('author_slug', 'is not', null)
      .where('name', '<>', '')
      .where('role', 'in', ['owner', 'admin', 'editor'])
      .execute(),
  ]);
  return {
    items: new Set([...posts, ...resources].map((row) => row.slug)),
    categories: new Set(categories.map((row) => row.slug)),
    issues: new Set(issues.map((row) => row.slug)),
    authors: new Set(authors.flatMap((row) => (row.author_slug ? [row.author_slug] : []))),
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
