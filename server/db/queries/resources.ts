import type { ResourceInput, ResourceUpdate } from '../../../app/lib/schemas/resource.ts';
import type { Cursor } from '../../http/cursor.ts';
import { nowSeconds } from '../database.ts';
import { fetchNewestFirst } from '../keyset.ts';
import { findRenamedSlug, recordSlugChange } from './slug-history.ts';
import type { Db, ResourceRow } from '../schema.ts';

let resourceWrites = 0;

/** How many resource writes this process has made (see `postWriteCount`). */
export function resourceWriteCount(): number {
  return resourceWrites;
}

export type ResourceSummaryJson = Omit<ResourceRow, 'content'>;
export type ResourceJson = ResourceRow;

export interface ResourcePage {
  resources: ResourceSummaryJson[];
  next_token: string | null;
}

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'cover_image',
  'read_time',
  'status',
  'category_id',
  'published_at',
  'created_at',
  'updated_at',
  'version',
] as const;

/** Published resources, newest first; optionally of one category. */
export async function listPublishedResources(
  db: Db,
  options: { categoryId?: string | undefined; pageSize: number; cursor: Cursor | null },
): Promise<ResourcePage> {
  let query = db
    .selectFrom('resources')
    .select(SUMMARY_COLUMNS)
    .where('status', '=', 'published')
    .where('published_at', 'is not', null);
  if (options.categoryId) query = query.where('category_id', '=', options.categoryId);
  const page = await fetchNewestFirst(
    query,
    { sort: 'published_at', id: 'id', sortKeyOf: (row) => row.published_at ?? 0 },
    options,
  );
  return { resources: page.rows, next_token: page.next_token };
}

/** Every resource, drafts included, newest first (the back office list). */
export async function listAllResources(
  db: Db,
  options: { pageSize: number; cursor: Cursor | null },
): Promise<ResourcePage> {
  const query = db.selectFrom('resources').select(SUMMARY_COLUMNS);
  const page = await fetchNewestFirst(
    query,
    { sort: 'created_at', id: 'id', sortKeyOf: (row) => row.created_at },
    options,
  );
  return { resources: page.rows, next_token: page.next_token };
}

export function findPublishedResourceBySlug(db: Db, slug: string): Promise<ResourceJson | undefined> {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export function findResourceById(db: Db, id: number): Promise<ResourceJson | undefined> {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertResource(db: Db, input: ResourceInput): Promise<ResourceJson> {
  resourceWrites += 1;
  const now = nowSeconds();
  return db
    .insertInto('resources')
    .values({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      cover_image: input.cover_image,
      read_time: input.read_time,
      status: input.status,
      category_id: input.category_id ?? null,
      // SPEC.md section 4: now when published, otherwise null.
      published_at: input.status === 'published' ? now : null,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Updates a resource if `version` is still current; undefined when it is gone
 * or changed meanwhile. A resource that stays published keeps its first
 * publication date; unpublishing clears it. Call inside a transaction.
 */
export async function updateResource(
  db: Db,
  id: number,
  input: ResourceUpdate,
): Promise<ResourceJson | undefined> {
  resourceWrites += 1;
  const now = nowSeconds();
  const current = await db
    .selectFrom('resources')
    .select(['slug', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return undefined;
  const row = await db
    .updateTable('resources')
    .set((eb) => ({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      cover_image: input.cover_image,
      read_time: input.read_time,
      status: input.status,
      ...(input.category_id === undefined ? {} : { category_id: input.category_id }),
      published_at:
        input.status === 'published'
          ? eb.fn.coalesce('published_at', eb.val(now))
          : eb.val<number | null>(null),
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', input.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await recordSlugChange(db, 'resource', id, current, row.slug, now);
  return row;
}

/** The current slug of the published resource that used to live at `oldSlug`, if any. */
export function findRenamedResourceSlug(db: Db, oldSlug: string): Promise<string | undefined> {
  return findRenamedSlug(db, 'resource', oldSlug);
}

/** Every published resource's address and last change, for the sitemap. */
export function listPublishedResourceSlugs(db: Db): Promise<{ slug: string; updated_at: number }[]> {
  return db
    .selectFrom('resources')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function resourceExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('resources').select('id').where('id', '=', id).executeTakeFirst());
}

export async function deleteResource(db: Db, id: number): Promise<boolean> {
  resourceWrites += 1;
  const result = await db.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countResources(db: Db): Promise<number> {
  const row = await db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
