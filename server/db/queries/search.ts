/**
 * Site search over the full-text index of posts and resources (migration
 * 2026-11-25-0010-search, decision 028): SQLite's FTS5 table `search_index`,
 * PostgreSQL's `search_documents`. The index holds every item; only live
 * ones (published, their time come at `now`) are found.
 *
 * Results run best match first, ties by id, with keyset paging: the sort key
 * is the engine's relevance score made a whole number (scaled, rounded),
 * doubled, plus one for posts, so that with the id it orders posts and
 * resources in one list without ties. Scores are the engines' own (FTS5's
 * bm25 with the title weighing 10, the excerpt 5 and the body 1;
 * PostgreSQL's ts_rank with its weights A 1.0, B 0.4, C 0.2): the order of
 * the same results may differ a little between engines, the rule does not.
 *
 * The query is built from the search terms only (letters and digits, see
 * common/search.ts), each one a bound parameter: no text of the visitor's is
 * ever read as FTS syntax.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../database.ts';
import { decodeCursor, toPage, type PageRequest } from '../paging.ts';
import type { Db } from '../schema.ts';

export interface SearchRow {
  type: 'post' | 'resource';
  id: number;
  sort_key: number;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  published_at: number;
  /** 0 or 1; 0 for resources. */
  sponsored: number;
}

export interface SearchRequest extends PageRequest {
  /** The query's words, lower-cased letters and digits only; at least one. */
  terms: readonly string[];
  /** The time of the search: items published later are not live yet. */
  now: number;
}

/** Scores become whole numbers at this scale (keyset paging compares them exactly). */
const SCORE_SCALE = 1_000_000_000;

/** Each term matches every indexed word it begins: `"kick"*`, implicitly ANDed. */
function ftsMatchExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ');
}

/** Each term as its own prefix tsquery, quoted by the database, ANDed. */
function tsQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((term) => sql`to_tsquery('simple', quote_literal(${term}::text) || ':*')`),
    sql` && `,
  );
}

const liveAt = (alias: string, now: number) =>
  sql`${sql.ref(`${alias}.status`)} = 'published' and ${sql.ref(`${alias}.published_at`)} is not null and ${sql.ref(`${alias}.published_at`)} <= ${now}`;

/** (type, id, sort_key) of every live match, per engine. */
function hitsOf(engine: Engine, terms: readonly string[], now: number): RawBuilder<unknown> {
  if (engine === 'postgres') {
    const sortKey = (kindBit: 0 | 1) =>
      sql`round(ts_rank(d.document, search_query.q)::float8 * ${sql.lit(SCORE_SCALE)})::bigint * 2 + ${sql.lit(kindBit)}`;
    return sql`search_query as (select ${tsQuery(terms)} as q),
      hits as (
        select 'post' as type, p.id as id, ${sortKey(1)} as sort_key
          from search_query, search_documents d join posts p on p.id = d.content_id
          where d.content_type = 'post' and d.document @@ search_query.q and ${liveAt('p', now)}
        union all
        select 'resource' as type, r.id as id, ${sortKey(0)} as sort_key
          from search_query, search_documents d join resources r on r.id = d.content_id
          where d.content_type = 'resource' and d.document @@ search_query.q and ${liveAt('r', now)}
      )`;
  }
  // bm25 is lower for better matches; its rowid is the post's id or minus the resource's.
  const sortKey = (kindBit: 0 | 1) =>
    sql`cast(round(-m.score * ${sql.lit(SCORE_SCALE)}) as integer) * 2 + ${sql.lit(kindBit)}`;
  return sql`matches as materialized (
      select rowid as key, bm25(search_index, 10.0, 5.0, 1.0) as score
        from search_index where search_index match ${ftsMatchExpression(terms)}
    ),
    hits as (
      select 'post' as type, p.id as id, ${sortKey(1)} as sort_key
        from matches m join posts p on p.id = m.key
        where m.key > 0 and ${liveAt('p', now)}
      union all
      select 'resource' as type, r.id as id, ${sortKey(0)} as sort_key
        from matches m join resources r on r.id = -m.key
        where m.key < 0 and ${liveAt('r', now)}
    )`;
}

/**
 * One page of live posts and resources matching every term, best first,
 * continuing after the request's page token. Only the page's rows are read
 * whole (one extra row tells whether a next page exists).
 */
export async function searchContent(
  db: Db,
  engine: Engine,
  request: SearchRequest,
): Promise<{ rows: SearchRow[]; next_token: string | null }> {
  if (request.terms.length === 0) return { rows: [], next_token: null };
  const cursor = decodeCursor(request.nextToken);
  const after = cursor
    ? sql`where sort_key < ${cursor.key} or (sort_key = ${cursor.key} and id < ${cursor.id})`
    : sql``;
  const result = await sql<SearchRow>`with ${hitsOf(engine, request.terms, request.now)},
    page as (
      select type, id, sort_key from hits ${after}
        order by sort_key desc, id desc limit ${request.pageSize + 1}
    )
    select page.type, page.id, page.sort_key,
        coalesce(p.slug, r.slug) as slug, coalesce(p.title, r.title) as title,
        coalesce(p.excerpt, r.excerpt) as excerpt, coalesce(p.content, r.content) as content,
        coalesce(p.published_at, r.published_at) as published_at, coalesce(p.sponsored, 0) as sponsored
      from page
        left join posts p on page.type = 'post' and p.id = page.id
        left join resources r on page.type = 'resource' and r.id = page.id
      order by page.sort_key desc, page.id desc`.execute(db);
  return toPage(result.rows, request.pageSize, (row) => ({ key: Number(row.sort_key), id: row.id }));
}
