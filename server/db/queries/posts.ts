/**
 * Posts: the columns and rules of their own (many categories through
 * post_categories, a campaign link, a publication date the editor may set);
 * everything they share with resources is in content.ts.
 */
import { sql } from 'kysely';
import type { PostAuthorJson, PostCategoryJson, PostJson, PostPage, PostSummaryJson } from '../../../common/answers.ts';
import type { PostInput, PostUpdate } from '../../../common/schemas/post.ts';
import { nowSeconds } from '../database.ts';
import type { Db, PostRow } from '../schema.ts';
import { campaignAt, type CampaignJson, type PostListSort } from '../../../common/campaign.ts';
import type { CampaignInput } from '../../../common/schemas/campaign.ts';
import { reviewFromStored, type ReviewJson } from '../../../common/review.ts';
import {
  campaignEndOfPost,
  campaignFilterCondition,
  deleteCampaign,
  endingFirstKeyOfPost,
  factsOf,
  findCampaign,
  findCampaigns,
  percentFundedOfPost,
  saveCampaign,
  type CampaignRow,
  type StoredFacts,
} from './campaigns.ts';
import { findBylines } from './authors.ts';
import { CONTENT_SUMMARY_COLUMNS, findContentRow, holdSlug, listContentPage, sharedValues, updateContentRow } from './content.ts';
import type { ContentListOptions, ContentState, OwnListRules } from './content.ts';

export type { PostCategoryJson, PostJson, PostPage, PostSummaryJson };

const SUMMARY_COLUMNS = [...CONTENT_SUMMARY_COLUMNS, 'campaign_url', 'sponsored', 'sponsored_submission_id', 'pinned', 'created_by', 'author_id', 'review'] as const;

type SummaryRow = Omit<PostRow, 'content'>;

/** The categories of many posts in one query, grouped by post id. */
async function categoriesOfPosts(db: Db, postIds: number[]): Promise<Map<number, PostCategoryJson[]>> {
  const byPost = new Map<number, PostCategoryJson[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_categories')
    .innerJoin('categories', 'categories.id', 'post_categories.category_id')
    .select(['post_categories.post_id', 'categories.id', 'categories.slug', 'categories.name', 'categories.position'])
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

function campaignJson(row: SummaryRow, campaign: CampaignRow | undefined, now: number, forStaff: boolean): CampaignJson | null {
  if (!campaign) return null;
  const json = campaignAt({ ...factsOf(campaign), url: row.campaign_url }, now);
  // Why the last refresh failed is the back office's to see, never a reader's.
  return forStaff ? { ...json, refresh_error: campaign.refresh_error, refresh_error_at: campaign.refresh_error_at } : json;
}

function toSummaryJson(
  row: SummaryRow,
  categories: PostCategoryJson[],
  campaign: CampaignJson | null,
  author: PostAuthorJson | null,
): PostSummaryJson {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover_image: row.cover_image,
    campaign_url: row.campaign_url,
    sponsored: row.sponsored === 1,
    sponsored_submission_id: row.sponsored_submission_id,
    pinned: row.pinned === 1,
    author_id: row.author_id,
    // A sponsored post shows no review, whatever a row from before the rule holds.
    review: row.sponsored === 1 ? null : reviewFromStored(row.review),
    author,
    status: row.status,
    read_time: row.read_time,
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    category_ids: categories.map((item) => item.category_id),
    post_categories: categories,
    campaign,
  };
}

/** The posts with their categories, campaigns and bylines: three queries for any number of posts. */
async function withRelations(db: Db, rows: SummaryRow[], forStaff = false): Promise<PostSummaryJson[]> {
  const ids = rows.map((row) => row.id);
  const [categories, campaigns, authors] = await Promise.all([
    categoriesOfPosts(db, ids),
    findCampaigns(db, ids),
    findBylines(db, rows.map((row) => row.author_id)),
  ]);
  const now = nowSeconds();
  return rows.map((row) =>
    toSummaryJson(
      row,
      categories.get(row.id) ?? [],
      campaignJson(row, campaigns.get(row.id), now, forStaff),
      (row.author_id !== null && authors.get(row.author_id)) || null,
    ),
  );
}

async function toPostJson(db: Db, row: PostRow, forStaff = false): Promise<PostJson> {
  const [summary] = await withRelations(db, [row], forStaff);
  return { ...(summary as PostSummaryJson), content: row.content };
}

/** The order of a list of posts other than newest first, at `now`. */
function orderOf(sort: PostListSort, now: number): NonNullable<OwnListRules['order']> {
  switch (sort) {
    case 'ends_at':
      return { sort: campaignEndOfPost, direction: 'asc' };
    case 'ending_first':
      return { sort: endingFirstKeyOfPost(now), direction: 'asc' };
    case 'percent_funded':
      return { sort: percentFundedOfPost, direction: 'desc' };
  }
}

/** What a list of posts adds: its campaign filters, the pinned ones only, and an order by campaign. */
function ownListRules(options: ContentListOptions): OwnListRules {
  const now = nowSeconds();
  return {
    where: [
      ...(options.campaign ? [campaignFilterCondition(options.campaign, now)] : []),
      ...(options.notCampaign ? [sql<boolean>`not ${campaignFilterCondition(options.notCampaign, now)}`] : []),
      ...(options.pinned ? [sql<boolean>`posts.pinned = 1`] : []),
      ...(options.authorId === undefined ? [] : [sql<boolean>`posts.author_id = ${options.authorId}`]),
    ],
    ...(options.sort ? { order: orderOf(options.sort, now) } : {}),
  };
}

/** One page of posts, with their categories and campaigns. */
export async function listPosts(db: Db, options: ContentListOptions): Promise<PostPage> {
  const page = await listContentPage<SummaryRow>(
    db,
    'posts',
    SUMMARY_COLUMNS,
    options,
    (categoryId) =>
      sql<boolean>`exists (select 1 from post_categories where post_categories.post_id = posts.id and post_categories.category_id = ${categoryId})`,
    ownListRules(options),
  );
  return { posts: await withRelations(db, page.rows), next_token: page.next_token };
}

/** A post by id, or a published one by slug; `forStaff`, with what only the back office sees (a refresh's error). */
export async function findPost(db: Db, by: { id: number; forStaff?: boolean } | { publishedSlug: string }): Promise<PostJson | undefined> {
  const row = await findContentRow<PostRow>(db, 'posts', 'id' in by ? { id: by.id } : by);
  return row && toPostJson(db, row, 'forStaff' in by && by.forStaff === true);
}

async function replacePostCategories(db: Db, postId: number, categoryIds: string[]): Promise<void> {
  await db.deleteFrom('post_categories').where('post_id', '=', postId).execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto('post_categories')
    .values(categoryIds.map((category_id) => ({ post_id: postId, category_id })))
    .execute();
}

/** A review as its column keeps it: JSON text, null for none. */
function storedReview(review: ReviewJson | null | undefined): string | null {
  return review ? JSON.stringify(review) : null;
}

/**
 * What makes a stored post sponsored (its flag, a paid submission, whose
 * label cannot be turned off), and whether it holds a review.
 */
export async function findReviewRules(
  db: Db,
  id: number,
): Promise<{ sponsored: boolean; fromSubmission: boolean; hasReview: boolean } | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(['sponsored', 'sponsored_submission_id', 'review'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { sponsored: row.sponsored === 1, fromSubmission: row.sponsored_submission_id !== null, hasReview: row.review !== null };
}

/**
 * Inserts a post and its categories; call inside a transaction. Its author
 * is the one the payload names, else `author_id` (the default its caller
 * chose), else its creator.
 */
export async function insertPost(
  db: Db,
  input: PostInput & { sponsored_submission_id?: number; created_by?: number; default_author_id?: number },
): Promise<PostJson> {
  const now = nowSeconds();
  // SPEC.md section 4: a post created as published is published now, unless
  // the editor gave a date.
  const publishedAt = input.status === 'published' ? (input.published_at ?? now) : input.published_at;
  const row = await db
    .insertInto('posts')
    .values({
      ...sharedValues(input),
      campaign_url: input.campaign_url,
      sponsored: input.sponsored ? 1 : 0,
      pinned: input.pinned ? 1 : 0,
      review: storedReview(input.review),
      sponsored_submission_id: input.sponsored_submission_id ?? null,
      created_by: input.created_by ?? null,
      author_id: input.author_id ?? input.default_author_id ?? input.created_by ?? null,
      published_at: publishedAt,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await holdSlug(db, 'post', row.id, row.slug);
  await replacePostCategories(db, row.id, input.category_ids);
  if (input.campaign) await saveCampaign(db, row.id, editorFacts(input.campaign, undefined, now));
  return toPostJson(db, row);
}

/** What an editor gives that is no fact about the campaign's numbers: changing it alone does not claim them fresh. */
const NOT_NUMBERS = new Set<string>(['ref_tag', 'creator_name', 'location', 'reward_from', 'delivery_estimate', 'video_url']);

/**
 * The facts an editor's save stores: theirs, stamped as the editor's now
 * when any fact changed; unchanged facts keep who gave them and when, so
 * saving a typo fix does not claim the numbers are fresh. The video's
 * poster stays while the video does.
 */
function editorFacts(input: CampaignInput, before: CampaignRow | undefined, now: number): StoredFacts {
  const { url: _url, ...facts } = input;
  const video_poster = before !== undefined && before.video_url === facts.video_url ? before.video_poster : null;
  const same =
    before !== undefined &&
    (Object.keys(facts) as (keyof typeof facts)[]).every((field) => NOT_NUMBERS.has(field) || before[field] === facts[field]);
  return same
    ? { ...facts, video_poster, facts_updated_at: before.facts_updated_at, facts_source: before.facts_source }
    : { ...facts, video_poster, facts_updated_at: now, facts_source: 'editor' };
}

/** A save's campaign: left out keeps it, null removes it, facts replace it. */
async function saveCampaignOf(db: Db, postId: number, campaign: CampaignInput | null | undefined, now: number): Promise<void> {
  if (campaign === undefined) return;
  if (campaign === null) {
    await deleteCampaign(db, postId);
    return;
  }
  await saveCampaign(db, postId, editorFacts(campaign, await findCampaign(db, postId), now));
}

/**
 * Updates the post whose state was read as `current`, if its version is
 * still `input.version`; undefined when it changed meanwhile. Call inside
 * the transaction that read `current`.
 */
export async function updatePost(db: Db, current: ContentState, input: PostUpdate): Promise<PostJson | undefined> {
  const now = nowSeconds();
  // The editor does not send published_at on edit; the first publication
  // date is kept, and a draft published for the first time gets "now".
  const publishedAt = input.published_at ?? current.published_at ?? (input.status === 'published' ? now : null);
  const values = {
    ...sharedValues(input),
    campaign_url: input.campaign_url,
    published_at: publishedAt,
    // Left out of the payload, the flag stays as it was.
    ...(input.sponsored === undefined ? {} : { sponsored: input.sponsored ? 1 : 0 }),
    ...(input.pinned === undefined ? {} : { pinned: input.pinned ? 1 : 0 }),
    // Left out, the post keeps its author; null names none.
    ...(input.author_id === undefined ? {} : { author_id: input.author_id }),
    ...(input.review === undefined ? {} : { review: storedReview(input.review) }),
  };
  const row = await updateContentRow<PostRow>(db, 'post', current, input.version, values, now);
  if (!row) return undefined;
  await replacePostCategories(db, current.id, input.category_ids);
  await saveCampaignOf(db, current.id, input.campaign, now);
  return toPostJson(db, row);
}

/** What a newsletter issue shows of its posts, by id (ids that are gone are left out). */
export function findPostTeasers(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('posts')
    .select(['id', 'slug', 'title', 'excerpt', 'cover_image', 'status', 'published_at', 'sponsored'])
    .where('id', 'in', ids)
    .execute();
}

/** The post drafted from a sponsored submission, if there is one. */
export async function findPostOfSubmission(db: Db, submissionId: number): Promise<PostJson | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('sponsored_submission_id', '=', submissionId).executeTakeFirst();
  return row && toPostJson(db, row);
}

/** The posts drafted from these submissions, by submission id (the back office's work queue). */
export async function findPostsOfSubmissions(
  db: Db,
  submissionIds: readonly number[],
): Promise<Map<number, Pick<PostJson, 'id' | 'slug' | 'title' | 'status' | 'published_at'>>> {
  const byId = new Map<number, Pick<PostJson, 'id' | 'slug' | 'title' | 'status' | 'published_at'>>();
  if (submissionIds.length === 0) return byId;
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'slug', 'title', 'status', 'published_at', 'sponsored_submission_id'])
    .where('sponsored_submission_id', 'in', submissionIds)
    .execute();
  for (const { sponsored_submission_id, ...post } of rows) {
    if (sponsored_submission_id !== null) byId.set(sponsored_submission_id, post);
  }
  return byId;
}
