/**
 * Posts, resources and categories for page loaders, through the content
 * services in process. Server-only (the `.server` suffix keeps it and the
 * database drivers out of the browser bundle).
 */
import { redirect, type AppLoadContext } from 'react-router';
import type { CategoryJson, PostSummaryJson, ResourceSummaryJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { categoryLabel } from './categories.ts';
import type {
  Detail,
  PostCard,
  PostCardPage,
  PostDetail,
  ResourceCard,
  ResourceCardPage,
  ResourceDetail,
} from './content-cards.ts';
import { publishedDate } from './dates.ts';
import { renderMarkdown } from './markdown.server.tsx';

function toResourceCard(item: ResourceSummaryJson | PostSummaryJson): ResourceCard {
  return {
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    cover_image: item.cover_image,
    read_time: item.read_time,
    published_at: item.published_at,
    published: publishedDate(item.published_at),
  };
}

function toPostCard(post: PostSummaryJson): PostCard {
  return {
    ...toResourceCard(post),
    campaign_url: post.campaign_url,
    sponsored: post.sponsored,
    categories: post.category_ids.map((id) => ({ id, label: categoryLabel(id) })),
  };
}

function toDetail<Card>(
  context: AppLoadContext,
  kind: 'post' | 'resource',
  card: Card,
  item: { slug: string; updated_at: number; content: string },
): Detail<Card> {
  return {
    ...card,
    updated_at: item.updated_at,
    content: renderMarkdown(item.content, (error) =>
      context.logger.warn({ err: error, slug: item.slug }, `${kind} markdown could not be rendered: showing raw text`),
    ),
  };
}

/**
 * The page token of a paged public list ("Load More" as a plain link, as
 * `?cursor=`), and a first-page flag. A token that is not one of ours sends
 * the visitor to the first page rather than to an error page: it can only
 * come from a mangled link.
 */
export async function loadPagedList<Page>(
  request: Request,
  load: (nextToken: string | null) => Promise<Page>,
): Promise<Page & { isFirstPage: boolean }> {
  const url = new URL(request.url);
  const nextToken = url.searchParams.get('cursor') || null;
  try {
    return { ...(await load(nextToken)), isFirstPage: nextToken === null };
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'INVALID_CURSOR')) throw error;
    url.searchParams.delete('cursor');
    throw redirect(url.pathname + url.search);
  }
}

/** One page of published posts as cards, newest first; optionally one category's. */
export async function listPostCards(
  context: AppLoadContext,
  options: { pageSize: number; nextToken: string | null; categoryId?: string },
): Promise<PostCardPage> {
  const page = await context.services.posts.listPublished(options);
  return { posts: page.posts.map(toPostCard), next_token: page.next_token };
}

/** One page of published resources as cards, newest first. */
export async function listResourceCards(
  context: AppLoadContext,
  options: { pageSize: number; nextToken: string | null },
): Promise<ResourceCardPage> {
  const page = await context.services.resources.listPublished(options);
  return { resources: page.resources.map(toResourceCard), next_token: page.next_token };
}

export type DetailAnswer =
  | { kind: 'post'; post: PostDetail }
  | { kind: 'resource'; resource: ResourceDetail }
  /** An address an administrator renamed: where it lives now. */
  | { kind: 'renamed'; slug: string }
  | { kind: 'missing' };

/** SPEC.md: a published post by slug first, then a resource, then a renamed address of either. */
export async function findDetail(context: AppLoadContext, slug: string): Promise<DetailAnswer> {
  const { posts, resources } = context.services;
  const post = await posts.findPublished(slug);
  if (post) return { kind: 'post', post: toDetail(context, 'post', toPostCard(post), post) };
  const resource = await resources.findPublished(slug);
  if (resource) return { kind: 'resource', resource: toDetail(context, 'resource', toResourceCard(resource), resource) };
  const renamed = (await posts.findRenamed(slug)) ?? (await resources.findRenamed(slug));
  return renamed ? { kind: 'renamed', slug: renamed } : { kind: 'missing' };
}

/** A draft or scheduled item as its preview link shows it; null for a bad, expired or revoked link. */
export async function findPreview(
  context: AppLoadContext,
  token: string,
): Promise<Extract<DetailAnswer, { kind: 'post' | 'resource' }> | null> {
  const found = await context.services.previewLinks.open(token);
  if (!found) return null;
  if (found.kind === 'post') return { kind: 'post', post: toDetail(context, 'post', toPostCard(found.post), found.post) };
  return { kind: 'resource', resource: toDetail(context, 'resource', toResourceCard(found.resource), found.resource) };
}

/** Every category, in menu order (the navigation's Projects dropdown). */
export function listAllCategories(context: AppLoadContext): Promise<CategoryJson[]> {
  return context.services.categories.list();
}

export function findCategory(context: AppLoadContext, slug: string): Promise<CategoryJson | undefined> {
  return context.services.categories.findBySlug(slug);
}

/** The newest published posts, for the feed. */
export async function listFeedPosts(context: AppLoadContext, size: number): Promise<PostSummaryJson[]> {
  return (await context.services.posts.listPublished({ pageSize: size, nextToken: null })).posts;
}

/** Every published address with its last change, and every category, for the sitemap. */
export async function listSitemapContent(context: AppLoadContext) {
  const { posts, resources, categories } = context.services;
  const [postSlugs, resourceSlugs, categoryList] = await Promise.all([
    posts.listPublishedSlugs(),
    resources.listPublishedSlugs(),
    categories.list(),
  ]);
  return { items: [...postSlugs, ...resourceSlugs], categories: categoryList };
}
