/**
 * Post reads for page loaders. Server-only (the `.server` suffix keeps it and
 * the database drivers out of the browser bundle); it calls the same query
 * module as the API, in process.
 */
import type { AppLoadContext } from 'react-router';
import type { Cursor } from '../../server/http/cursor.ts';
import {
  findPublishedPostBySlug,
  findRenamedPostSlug,
  listPublishedPosts,
  type PostSummaryJson,
} from '../../server/db/queries/posts.ts';
import { categoryLabel } from './categories.ts';
import { publishedDate, type PublishedDate } from './dates.ts';
import { renderMarkdown, type RenderedMarkdown } from './markdown.server.tsx';

export interface CategoryBadge {
  id: string;
  label: string;
}

/** What a post card shows, and nothing more: loader data is sent to the browser too. */
export interface PostCard {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  campaign_url: string | null;
  read_time: number | null;
  published_at: number | null;
  /** The date as text, formatted on the server. */
  published: PublishedDate | null;
  categories: CategoryBadge[];
}

export interface PostCardPage {
  posts: PostCard[];
  next_token: string | null;
}

export interface PostDetail extends PostCard {
  updated_at: number;
  content: RenderedMarkdown;
}

function toCategoryBadges(post: Pick<PostSummaryJson, 'category_ids'>): CategoryBadge[] {
  return post.category_ids.map((id) => ({ id, label: categoryLabel(id) }));
}

function toPostCard(post: PostSummaryJson): PostCard {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    cover_image: post.cover_image,
    campaign_url: post.campaign_url,
    read_time: post.read_time,
    published_at: post.published_at,
    published: publishedDate(post.published_at),
    categories: toCategoryBadges(post),
  };
}

/** One page of published posts as cards, newest first; optionally one category's. */
export async function listPublishedPostCards(
  context: AppLoadContext,
  options: { pageSize: number; cursor: Cursor | null; categoryId?: string },
): Promise<PostCardPage> {
  const page = await listPublishedPosts(context.deps.db, options);
  return { posts: page.posts.map(toPostCard), next_token: page.next_token };
}

/** A published post with its markdown rendered, or undefined. */
export async function findPostDetail(context: AppLoadContext, slug: string): Promise<PostDetail | undefined> {
  const post = await findPublishedPostBySlug(context.deps.db, slug);
  if (!post) return undefined;
  return {
    ...toPostCard(post),
    updated_at: post.updated_at,
    content: renderMarkdown(post.content, (error) =>
      context.deps.logger.warn({ err: error, slug }, 'post markdown could not be rendered: showing raw text'),
    ),
  };
}

/** Where a renamed published post lives now, if `slug` is one of its old slugs. */
export function findRenamedPost(context: AppLoadContext, slug: string): Promise<string | undefined> {
  return findRenamedPostSlug(context.deps.db, slug);
}
