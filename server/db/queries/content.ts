/**
 * What posts and resources have in common at the database: the columns both
 * tables share, and the queries that read or write only those. The query
 * modules of each kind (posts.ts, resources.ts) add what differs: their own
 * columns, how categories are held, how publication dates are set.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ContentRecord } from '../../../common/answers.ts';
import type { CampaignFilter, PostListSort } from '../../../common/campaign.ts';
import { nowSeconds } from '../database.ts';
import { containsText } from '../contains-text.ts';
import { fetchInOrder, fetchNewestFirst, type PageRequest } from '../paging.ts';
import { deleteRevisions } from './revisions.ts';
import { recordSlugChange } from './slug-history.ts';
import {
  CONTENT_TABLES,
  type ContentColumns,
  type ContentTable,
  type ContentType,
  type Db,
  type RenderedContentColumns,
} from '../schema.ts';
import { deletePreviewLinks } from './preview-links.ts';
import { stampSources } from './rendered-pages.ts';

export type { ContentTable, ContentType };

/**
 * Both tables typed as one: Kysely cannot type a query over a union of
 * tables, and every query here reads or writes only the shared columns.
 */
const shared = (db: Db) => db as unknown as Kysely<Record<ContentTable, ContentColumns>>;

/** The values of the shared columns a save writes, from its payload. */
export function sharedValues(
  input: Pick<ContentRecord, 'slug' | 'title' | 'excerpt' | 'content' | 'cover_image' | 'read_time' | 'status'>,
) {
  const { slug, title, excerpt, content, cover_image, read_time, status } = input;
  return { slug, title, excerpt, content, cover_image, read_time, status };
}

/**
 * Saves new values over the row read as `current`, if its version is still
 * `version`, and keeps its slug records in step; the row as saved, or
 * undefined when it changed meanwhile. `values` may name the kind's own
 * columns (the module of each kind types them). Call inside the
 * transaction that read `current`.
 */
export async function updateContentRow<Row extends { id: number; slug: string }>(
  db: Db,
  type: ContentType,
  current: ContentState,
  version: number,
  values: ReturnType<typeof sharedValues> & Record<string, string | number | null>,
  now: number,
): Promise<Row | undefined> {
  const saved = await shared(db)
    .updateTable(CONTENT_TABLES[type])
    .set((eb) => ({ ...values, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', current.id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!saved) return undefined;
  const row = withoutRendering(saved) as unknown as Row;
  await holdSlug(db, type, row.id, row.slug);
  await recordSlugChange(db, type, current.id, current, row.slug, now);
  return row;
}

/**
 * Moves a row to its next version without changing its columns (an edit
 * stored in another table: a campaign's facts); false when it is no longer
 * at `version`.
 */
export async function bumpContentVersion(db: Db, table: ContentTable, id: number, version: number, now: number): Promise<boolean> {
  const result = await shared(db)
    .updateTable(table)
    .set((eb) => ({ updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What an update must know of the row before it: its version first (decision 019). */
export type ContentState = Pick<ContentRecord, 'id' | 'version' | 'slug' | 'status' | 'published_at'>;

/** The row's state, read once before an update; undefined when there is no such row. */
export function findContentState(db: Db, table: ContentTable, id: number): Promise<ContentState | undefined> {
  return shared(db)
    .selectFrom(table)
    .select(['id', 'version', 'slug', 'status', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The shared columns a list reads: all but the markdown body, which no list shows. */
export const CONTENT_SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'cover_image',
  'read_time',
  'status',
  'published_at',
  'created_at',
  'updated_at',
  'version',
] as const;

/**
 * Where an item stands in the back office: `scheduled` is published with a
 * publication time still ahead; the public sees `published` items only
 * once that time has come.
 */
export type ContentStage = 'draft' | 'published' | 'scheduled';

/**
 * Which rows a list shows: live ones (published, their time come), newest
 * published first, optionally of one category; or with `everything` all of
 * them, drafts and scheduled included, newest created first (the back
 * office), optionally in one `state`.
 */
export type ContentListOptions = {
  categoryId?: string | undefined;
  everything?: boolean;
  state?: ContentStage | undefined;
  /** The back office's search: title or slug contains it. */
  q?: string | undefined;
  /** Posts only: those whose campaign matches (common/campaign.ts). */
  campaign?: CampaignFilter | undefined;
  /** Posts only: leaves out those whose campaign matches (the home page's posts, whose campaigns ending soon have their band). */
  notCampaign?: CampaignFilter | undefined;
  /** Posts only: those an editor pinned to the home page's lead tile. */
  pinned?: boolean | undefined;
  /** Posts only: those whose byline names this member of staff (their author page). */
  authorId?: number | undefined;
  /** Posts only: another order than newest first (common/campaign.ts, `POST_LIST_SORTS`). */
  sort?: PostListSort | undefined;
} & PageRequest;

/** What a kind adds to a list of its own: conditions, and another order than newest first. */
export interface OwnListRules {
  where?: RawBuilder<boolean>[];
  order?: { sort: RawBuilder<number>; direction: 'asc' | 'desc' };
}

/** Rows the public may see at `now`: published, and their publication time has come. */
function live<Q extends SelectQueryBuilder<Record<ContentTable, ContentColumns>, ContentTable, unknown>>(query: Q, now: number): Q {
  return query.where('status', '=', 'published').where('published_at', 'is not', null).where('published_at', '<=', now) as Q;
}

/**
 * One page of a table's rows. `columns` may name a kind's own columns too,
 * and `inCategory` is the kind's own way to hold categories.
 */
export async function listContentPage<Row extends { id: number; published_at: number | null; created_at: number }>(
  db: Db,
  table: ContentTable,
  columns: readonly string[],
  options: ContentListOptions,
  inCategory: (categoryId: string) => RawBuilder<boolean>,
  own: OwnListRules = {},
): Promise<{ rows: Row[]; next_token: string | null }> {
  const everything = options.everything ?? false;
  // The kind's module names its own columns and the row type they make.
  let query = shared(db)
    .selectFrom(table)
    .select(columns as readonly (keyof ContentColumns)[]) as unknown as SelectQueryBuilder<
    Record<ContentTable, ContentColumns>,
    ContentTable,
    Row
  >;
  const now = nowSeconds();
  if (!everything) query = live(query, now);
  else if (options.state === 'draft') query = query.where('status', '=', 'draft');
  else if (options.state === 'published') query = live(query, now);
  else if (options.state === 'scheduled') query = query.where('status', '=', 'published').where('published_at', '>', now);
  if (options.categoryId) query = query.where(inCategory(options.categoryId));
  if (options.q) query = query.where(containsText([`${table}.title`, `${table}.slug`], options.q));
  for (const condition of own.where ?? []) query = query.where(condition);
  if (own.order) {
    const { sort, direction } = own.order;
    // The sort key is read with each row: the next page's token is made of it.
    const keyed = query.select(sort.as('list_sort_key')) as unknown as SelectQueryBuilder<
      Record<ContentTable, ContentColumns>,
      ContentTable,
      Row & { list_sort_key: number }
    >;
    const page = await fetchInOrder(keyed, { sort, direction, id: `${table}.id`, sortKeyOf: (row) => row.list_sort_key }, options);
    return { ...page, rows: page.rows.map(({ list_sort_key: _key, ...row }) => row as unknown as Row) };
  }
  const sort = everything ? 'created_at' : 'published_at';
  return fetchNewestFirst(
    query,
    {
      sort: `${table}.${sort}`,
      id: `${table}.id`,
      sortKeyOf: (row) => (everything ? row.created_at : (row.published_at ?? 0)),
    },
    options,
  );
}

/** A whole row by id, or a published one by slug; the kind's module gives its row type. */
export async function findContentRow<Row>(
  db: Db,
  table: ContentTable,
  by: { id: number } | { publishedSlug: string },
): Promise<Row | undefined> {
  let query = shared(db).selectFrom(table).selectAll();
  query = 'id' in by ? query.where('id', '=', by.id) : live(query.where('slug', '=', by.publishedSlug), nowSeconds());
  const row = await query.executeTakeFirst();
  return row && (withoutRendering(row) as unknown as Row);
}

/**
 * A row without its stored rendering and its demo flag: no answer carries
 * them (each is read on its own: findStoredRendering, listDemoContent), and
 * a kind whose JSON is its row would otherwise pass them on.
 */
export function withoutRendering<Row extends object>(row: Row): Omit<Row, keyof RenderedContentColumns | 'demo'> {
  const { content_html: _html, content_html_key: _key, demo: _demo, ...rest } = row as Row &
    Partial<Record<keyof RenderedContentColumns | 'demo', unknown>>;
  return rest;
}

/** Marks rows as demo content (the seeder's, decision 053). */
export async function markDemoContent(db: Db, table: ContentTable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await withDemoFlag(db).updateTable(table).set({ demo: 1 }).where('id', 'in', [...ids]).execute();
}

/** The demo rows still there, newest first. */
export function listDemoContent(db: Db, table: ContentTable): Promise<{ id: number; title: string }[]> {
  return withDemoFlag(db).selectFrom(table).select(['id', 'title']).where('demo', '=', 1).orderBy('id', 'desc').execute();
}

/** The covers of the demo rows that are still one of the site's own images (`/images/demo/…`), each once. */
export async function listDemoSiteCovers(db: Db, table: ContentTable): Promise<string[]> {
  const rows = await withDemoFlag(db)
    .selectFrom(table)
    .select('cover_image')
    .distinct()
    .where('demo', '=', 1)
    .where('cover_image', 'like', '/images/demo/%')
    .execute();
  return rows.flatMap((row) => (row.cover_image ? [row.cover_image] : []));
}

/** Points the demo rows whose cover is `from` at `to`, as changed at `now`; how many. */
export async function replaceDemoCover(db: Db, table: ContentTable, from: string, to: string, now: number): Promise<number> {
  const result = await withDemoFlag(db)
    .updateTable(table)
    .set({ cover_image: to, updated_at: now })
    .where('demo', '=', 1)
    .where('cover_image', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const withDemoFlag = (db: Db) =>
  db as unknown as Kysely<Record<ContentTable, { id: number; title: string; demo: number; cover_image: string | null; updated_at: number }>>;

const withRendered = (db: Db) => db as unknown as Kysely<Record<ContentTable, ContentColumns & RenderedContentColumns>>;

/** A row's markdown body as HTML rendered when it was saved, and the key it was rendered under (decision 033). */
export interface StoredRendering {
  key: string;
  html: string;
}

/** The rendering stored with a row; undefined when there is none (or no such row). */
export async function findStoredRendering(db: Db, table: ContentTable, id: number): Promise<StoredRendering | undefined> {
  const row = await withRendered(db)
    .selectFrom(table)
    .select(['content_html_key', 'content_html'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.content_html_key && row.content_html !== null ? { key: row.content_html_key, html: row.content_html } : undefined;
}

/** Stores a row's rendering, or clears it (null: its body could not be rendered); call in the save's transaction. */
export async function storeRendering(db: Db, table: ContentTable, id: number, rendering: StoredRendering | null): Promise<void> {
  await withRendered(db)
    .updateTable(table)
    .set({ content_html_key: rendering?.key ?? null, content_html: rendering?.html ?? null })
    .where('id', '=', id)
    .execute();
}

/** Every live row's address and last change, newest first (the sitemap). */
export function listPublishedSlugs(db: Db, table: ContentTable): Promise<{ slug: string; updated_at: number }[]> {
  return live(shared(db).selectFrom(table).select(['slug', 'updated_at']), nowSeconds())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Records the slug a row now holds, in the same transaction as the row.
 * A slug held by another post or resource fails with a unique violation,
 * which the caller reports as SLUG_TAKEN: the database, not a check made
 * a moment before, decides who gets it.
 */
export async function holdSlug(db: Db, type: ContentType, id: number, slug: string): Promise<void> {
  // A row deleted without going through deleteContent (by hand, by an older
  // release) leaves its slug behind: free it first.
  await db
    .deleteFrom('content_slugs')
    .where('slug', '=', slug)
    .where(
      sql<boolean>`not exists (select 1 from posts where content_slugs.content_type = 'post' and posts.id = content_slugs.content_id)
        and not exists (select 1 from resources where content_slugs.content_type = 'resource' and resources.id = content_slugs.content_id)`,
    )
    .execute();
  await db
    .insertInto('content_slugs')
    .values({ slug, content_type: type, content_id: id })
    .onConflict((oc) => oc.columns(['content_type', 'content_id']).doUpdateSet({ slug }))
    .execute();
}

/** Deletes a row, frees its slug and drops its revisions; false when there was no such row. */
export async function deleteContent(db: Db, table: ContentTable, id: number): Promise<boolean> {
  const type = table === 'posts' ? 'post' : 'resource';
  await db.deleteFrom('content_slugs').where('content_type', '=', type).where('content_id', '=', id).execute();
  await deleteRevisions(db, type, id);
  await deletePreviewLinks(db, type, id);
  const result = await shared(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countContent(db: Db, table: ContentTable): Promise<number> {
  const row = await shared(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The items saved last (created or edited), newest first: the dashboard's recent activity. */
export function listRecentlySaved(
  db: Db,
  table: ContentTable,
  limit: number,
): Promise<{ id: number; title: string; created_at: number; updated_at: number }[]> {
  return shared(db)
    .selectFrom(table)
    .select(['id', 'title', 'created_at', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * What changes with any write to one content table: any insert raises the
 * newest id, any edit a version, any delete the count. A scheduled item
 * going live changes no row: the count of those live at `now` tells.
 */
export function readContentTableStamp(db: Db, table: ContentTable, now: number) {
  return shared(db)
    .selectFrom(table)
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum('version').as('versions'),
      eb.fn.max('id').as('newest'),
      eb.fn.max('updated_at').as('updated'),
      eb.fn
        .sum(eb.case().when(eb.and([eb('status', '=', 'published'), eb('published_at', '<=', now)])).then(1).else(0).end())
        .as('live'),
    ])
    .executeTakeFirst();
}

/** How long a row of the change feed is kept: well past any transaction and any server's look at it. */
const CHANGE_FEED_KEPT_SECONDS = 600;

/**
 * Records in the write's transaction what a post or resource write touched
 * (null: anything), for other servers' caches (decision 070), and lets
 * rows no server needs any more go.
 */
export async function recordContentChange(trx: Db, sources: readonly string[] | null): Promise<void> {
  const now = nowSeconds();
  await trx
    .insertInto('content_change_feed')
    .values({ sources: sources === null ? null : JSON.stringify(sources), changed_at: now })
    .execute();
  // Kept rendered pages made from what it touched are out of date once it commits (decision 073).
  await stampSources(trx, sources);
  await trx.deleteFrom('content_change_feed').where('changed_at', '<', now - CHANGE_FEED_KEPT_SECONDS).execute();
}

/** The id of the newest row of the change feed (0 when it is empty): part of the content fingerprint. */
export async function readNewestContentChange(db: Db): Promise<number> {
  const row = await db.selectFrom('content_change_feed').select((eb) => eb.fn.max('id').as('newest')).executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/** The rows of the change feed written since `since` (Unix seconds), oldest first. */
export async function readContentChangesSince(
  db: Db,
  since: number,
): Promise<{ id: number; sources: string[] | null }[]> {
  const rows = await db
    .selectFrom('content_change_feed')
    .select(['id', 'sources'])
    .where('changed_at', '>=', since)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, sources: row.sources === null ? null : (JSON.parse(row.sources) as string[]) }));
}

/** When the next post or resource scheduled for later goes live (Unix seconds); null when none is. */
export async function readNextPublication(db: Db, now: number): Promise<number | null> {
  const next = await Promise.all(
    Object.values(CONTENT_TABLES).map((table) =>
      shared(db)
        .selectFrom(table)
        .select((eb) => eb.fn.min('published_at').as('at'))
        .where('status', '=', 'published')
        .where('published_at', '>', now)
        .executeTakeFirst(),
    ),
  );
  const times = next.map((row) => row?.at).filter((at): at is number => typeof at === 'number');
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * The pages (`/{slug}`) of live posts and resources of which no copy is
 * kept, newest first, at most `limit` (decision 073). A copy another build
 * rendered counts as kept: while two builds run side by side (a deploy),
 * neither renders ahead over the other's copies, which would never end;
 * readers' requests settle it.
 */
export async function listLivePathsNotRendered(db: Db, limit: number): Promise<string[]> {
  const now = nowSeconds();
  const paths: { path: string; published_at: number | null }[] = [];
  for (const table of Object.values(CONTENT_TABLES)) {
    const rows = await live(shared(db).selectFrom(table).select(['slug', 'published_at']), now)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM rendered_pages WHERE rendered_pages.path = '/' || ${sql.ref(`${table}.slug`)})`,
      )
      .orderBy('published_at', 'desc')
      .limit(limit)
      .execute();
    paths.push(...rows.map((row) => ({ path: `/${row.slug}`, published_at: row.published_at })));
  }
  return paths
    .sort((a, b) => (b.published_at ?? 0) - (a.published_at ?? 0))
    .slice(0, limit)
    .map((row) => row.path);
}
