import type { PostInput, PostUpdate } from '../../../app/lib/schemas/post.ts';
import type { Cursor } from '../../http/cursor.ts';
import { nowSeconds } from '../database.ts';
import { fetchNewestFirst } from '../keyset.ts';
import { findRenamedSlug, recordSlugChange } from './slug-history.ts';
import type { Db, PostRow } from '../schema.ts';

let postWrites = 0;

/**
 * How many post writes this process has made. The rendered-page cache
 * (server/pages.ts) stops serving kept pages the moment it changes, rather
 * than waiting for its next look at the database.
 */
export function postWriteCount(): number {
  return postWrites;
}

export interface PostCategoryJson {
  category_id: string;
  category: { id: string; slug: string; name: string };
}

export interface PostSummaryJson {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  campaign_url: string | null;
  status: PostRow['status'];
  read_time: number | null;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  version: number;
  category_ids: string[];
  post_categories: PostCategoryJson[];
}

export interface PostJson extends PostSummaryJson {
  content: string;
}

export interface PostPage {
  posts: PostSummaryJson[];
  next_token: string | null;
}

// Lists leave out the markdown body: no list screen shows it.
const SUMMARY_COLUMNS = [
  'posts.id',
  'posts.slug',
  'posts.title',
  'posts.excerpt',
  'posts.cover_image',
  'posts.campaign_url',
  'posts.status',
  'posts.read_time',
  'posts.published_at',
  'posts.created_at',
  'posts.updated_at',
  'posts.version',
] as const;

type SummaryRow = Omit<PostRow, 'content'>;

/** The categories of many posts in one query, grouped by post id. */
async function categoriesOfPosts(db: Db, postIds: number[]): Promise<Map<number, PostCategoryJson[]>> {
  const byPost = new Map<number, PostCategoryJson[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_categories')
    .innerJoin('categories', 'categories.id', 'post_categories.category_id')
    .select([
      'post_categories.post_id',
      'categories.id',
      'categories.slug',
      'categories.name',
      'categories.position',
    ])
    .where('post_categories.post_id', 'in', postIds)
    .orderBy('categories.position')
    .execute();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push({ category_id: row.id, category: { id: row.id, slug: row.slug, name: row.name } });
    byPost.set(row.post_id, list);
  }
  return byPost;
}

function toSummaryJson(row: SummaryRow, categories: PostCategoryJson[]): PostSummaryJson {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover_image: row.cover_image,
    campaign_url: row.campaign_url,
    status: row.status,
    read_time: row.read_time,
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    category_ids: categories.map((item) => item.category_id),
    post_categories: categories,
  };
}

async function withCategories(db: Db, rows: SummaryRow[]): Promise<PostSummaryJson[]> {
  const categories = await categoriesOfPosts(db, rows.map((row) => row.id));
  return rows.map((row) => toSummaryJson(row, categories.get(row.id) ?? []));
}

async function toPostJson(db: Db, row: PostRow): Promise<PostJson> {
  const [summary] = await withCategories(db, [row]);
  return { ...(summary as PostSummaryJson), content: row.content };
}

/** Published posts, newest first; optionally only one category's. */
export async function listPublishedPosts(
  db: Db,
  options: { categoryId?: string | undefined; pageSize: number; cursor: Cursor | null },
): Promise<PostPage> {
  let query = db
    .selectFrom('posts')
    .select(SUMMARY_COLUMNS)
    .where('posts.status', '=', 'published')
    .where('posts.published_at', 'is not', null);
  if (options.categoryId) {
    const categoryId = options.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_categories')
          .select('post_categories.post_id')
          .whereRef('post_categories.post_id', '=', 'posts.id')
          .where('post_categories.category_id', '=', categoryId),
      ),
    );
  }
  const page = await fetchNewestFirst(
    query,
    { sort: 'posts.published_at', id: 'posts.id', sortKeyOf: (row) => row.published_at ?? 0 },
    options,
  );
  return { posts: await withCategories(db, page.rows), next_token: page.next_token };
}

/** Every post, drafts included, newest first (the back office list). */
export async function listAllPosts(
  db: Db,
  options: { pageSize: number; cursor: Cursor | null },
): Promise<PostPage> {
  const query = db.selectFrom('posts').select(SUMMARY_COLUMNS);
  const page = await fetchNewestFirst(
    query,
    { sort: 'posts.created_at', id: 'posts.id', sortKeyOf: (row) => row.created_at },
    options,
  );
  return { posts: await withCategories(db, page.rows), next_token: page.next_token };
}

export async function findPublishedPostBySlug(db: Db, slug: string): Promise<PostJson | undefined> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row && toPostJson(db, row);
}

export async function findPostById(db: Db, id: number): Promise<PostJson | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPostJson(db, row);
}

async function replacePostCategories(db: Db, postId: number, categoryIds: string[]): Promise<void> {
  await db.deleteFrom('post_categories').where('post_id', '=', postId).execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto('post_categories')
    .values(categoryIds.map((category_id) => ({ post_id: postId, category_id })))
    .execute();
}

/** Inserts a post and its categories; call inside a transaction. */
export async function insertPost(db: Db, input: PostInput): Promise<PostJson> {
  postWrites += 1;
  const now = nowSeconds();
  // SPEC.md section 4: a post created as published is published now, unless
  // the editor gave a date.
  const publishedAt = input.status === 'published' ? (input.published_at ?? now) : input.published_at;
  const row = await db
    .insertInto('posts')
    .values({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      cover_image: input.cover_image,
      campaign_url: input.campaign_url,
      status: input.status,
      read_time: input.read_time,
      published_at: publishedAt,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await replacePostCategories(db, row.id, input.category_ids);
  return toPostJson(db, row);
}

/**
 * Updates a post if `version` is still current; returns undefined when the
 * post is gone or was changed meanwhile. Call inside a transaction.
 */
export async function updatePost(db: Db, id: number, input: PostUpdate): Promise<PostJson | undefined> {
  postWrites += 1;
  const now = nowSeconds();
  const current = await db
    .selectFrom('posts')
    .select(['published_at', 'slug', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return undefined;
  // The editor does not send published_at on edit; the first publication
  // date is kept, and a draft published for the first time gets "now".
  const publishedAt =
    input.published_at ?? current.published_at ?? (input.status === 'published' ? now : null);
  const row = await db
    .updateTable('posts')
    .set((eb) => ({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      cover_image: input.cover_image,
      campaign_url: input.campaign_url,
      status: input.status,
      read_time: input.read_time,
      published_at: publishedAt,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', input.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await replacePostCategories(db, id, input.category_ids);
  await recordSlugChange(db, 'post', id, current, row.slug, now);
  return toPostJson(db, row);
}

/** The current slug of the published post that used to live at `oldSlug`, if any. */
export function findRenamedPostSlug(db: Db, oldSlug: string): Promise<string | undefined> {
  return findRenamedSlug(db, 'post', oldSlug);
}

/** Every published post's address and last change, for the sitemap. */
export function listPublishedPostSlugs(db: Db): Promise<{ slug: string; updated_at: number }[]> {
  return db
    .selectFrom('posts')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function postExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst());
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  postWrites += 1;
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countPosts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
