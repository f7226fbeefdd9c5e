/**
 * Posts, resources and categories for page loaders, through the content
 * services in process. Server-only (the `.server` suffix keeps it and the
 * database drivers out of the browser bundle).
 */
import { redirect, type AppLoadContext } from 'react-router';
import type { CategoryJson, PostJson, PostSummaryJson, ResourceJson, ResourceSummaryJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { isLive } from '../../common/publication.ts';
import { pageSource } from '../../common/page-sources.ts';
import { categoryLabel } from '../lib/categories.ts';
import type {
  Detail,
  EndingSoonBand,
  PostCard,
  PostCardPage,
  PostDetail,
  ResourceCard,
  ResourceCardPage,
  ResourceDetail,
} from '../lib/content-cards.ts';
import { isEndingSoon } from '../lib/content-cards.ts';
import { publishedDate } from '../lib/dates.ts';
import { campaignBoxView, campaignCardView, earliestCampaignChange } from '../lib/campaign-view.ts';
import type { CampaignFilter, CampaignJson, PostListSort } from '../../common/campaign.ts';
import { outboundUrl } from '../../common/outbound.ts';
import { videoFrameOrigin } from '../../common/campaign-video.ts';

/** Now, in Unix seconds, as the campaign views of one page see it. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Notes on the request that the page shows these campaigns: its answer
 * expires at the first second any of them reads differently.
 */
function noteCampaigns(context: AppLoadContext, campaigns: readonly (CampaignJson | null)[], now: number): void {
  const at = earliestCampaignChange(campaigns, now);
  const slot = context.pageChanges;
  if (at !== null && (slot.at === null || at < slot.at)) slot.at = at;
}

/** The site's time zone, whose clocks a campaign's dates are read on. */
async function siteTimeZone(context: AppLoadContext): Promise<string> {
  return (await context.services.siteProfile.current()).time_zone;
}

/** Post cards of one page, their campaigns worded at one moment and noted for the page's expiry. */
async function postCardsOf(context: AppLoadContext, posts: readonly PostSummaryJson[]): Promise<PostCard[]> {
  const now = nowSeconds();
  const timeZone = posts.some((post) => post.campaign) ? await siteTimeZone(context) : '';
  noteCampaigns(context, posts.map((post) => post.campaign), now);
  return posts.map((post) => toPostCard(post, now, timeZone));
}

function toResourceCard(item: ResourceSummaryJson | PostSummaryJson): ResourceCard {
  // A post's first category (in menu order) gives the colours, as on its social card.
  const categoryId = 'category_ids' in item ? (item.category_ids[0] ?? null) : item.category_id;
  return {
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    cover_image: item.cover_image,
    cover_fallback: item.cover_image ? null : { categoryId },
    read_time: item.read_time,
    published_at: item.published_at,
    published: publishedDate(item.published_at),
  };
}

function toPostCard(post: PostSummaryJson, now: number, timeZone: string): PostCard {
  return {
    ...toResourceCard(post),
    // The real address in every href, with the creator's referral tag (decision 067).
    campaign_url: outboundUrl({ url: post.campaign_url, ref_tag: post.campaign?.ref_tag ?? null }),
    campaign: post.campaign ? campaignCardView(post.campaign, now, timeZone) : null,
    sponsored: post.sponsored,
    // Reviews and payment never mix: a sponsored post shows no verdict (decision 093).
    verdict: post.sponsored ? null : (post.review?.verdict ?? null),
    categories: post.category_ids.map((id) => ({ id, label: categoryLabel(id) })),
  };
}

/**
 * A card with its item's body as HTML (the rendering stored when the item
 * was saved, or rendered now: decision 033) and, for a live item, its
 * social card's address (a draft has no card).
 */
async function toDetail<Card>(
  context: AppLoadContext,
  kind: 'post' | 'resource',
  card: Card,
  item: PostJson | ResourceJson,
): Promise<Detail<Card>> {
  const service = kind === 'post' ? context.services.posts : context.services.resources;
  return {
    ...card,
    updated_at: item.updated_at,
    social_card: isLive(item) ? (await context.services.socialCards.ofItem(kind, item)).path : null,
    content: await service.renderedContent(item, (error) =>
      context.logger.warn({ err: error, slug: item.slug }, `${kind} markdown could not be rendered: showing raw text`),
    ),
  };
}

/** A post for its page: its card, body, fact box and byline, the campaign noted for the page's expiry. */
async function toPostDetail(context: AppLoadContext, post: PostJson): Promise<PostDetail> {
  const now = nowSeconds();
  const timeZone = post.campaign ? await siteTimeZone(context) : '';
  noteCampaigns(context, [post.campaign], now);
  noteVideoFrame(context, post.campaign?.video_url);
  const detail = await toDetail(context, 'post', toPostCard(post, now, timeZone), post);
  return {
    ...detail,
    campaign: post.campaign ? campaignBoxView(post.campaign, now, timeZone, post.slug) : null,
    author: post.author,
    review: post.sponsored ? null : post.review,
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

/**
 * One page of published posts as cards, newest first; optionally one
 * category's, those whose campaign matches a filter (or all but those),
 * the pinned ones, or by their campaign's end.
 */
export async function listPostCards(
  context: AppLoadContext,
  options: {
    pageSize: number;
    nextToken: string | null;
    categoryId?: string;
    campaign?: CampaignFilter;
    notCampaign?: CampaignFilter;
    pinned?: boolean;
    sort?: PostListSort;
    /** Those whose byline names this member of staff (their author page). */
    authorId?: number;
  },
): Promise<PostCardPage> {
  const page = await context.services.posts.listPublished(options);
  return { posts: await postCardsOf(context, page.posts), next_token: page.next_token };
}

/**
 * One page of `/projects` (decision 095): every published post, or those
 * whose campaign matches `filter`, in the order chosen. A list that a
 * campaign may join or leave by the clock alone (any filter, or the order
 * "ending first") expires at the next second that happens to any campaign,
 * shown or not yet (services.campaigns.nextListChange).
 */
export async function listProjectCards(
  context: AppLoadContext,
  options: { pageSize: number; nextToken: string | null; filter: CampaignFilter | null; sort: PostListSort | null },
): Promise<PostCardPage> {
  const { filter, sort, ...paging } = options;
  const [page, nextChange] = await Promise.all([
    listPostCards(context, { ...paging, ...(filter ? { campaign: filter } : {}), ...(sort ? { sort } : {}) }),
    filter !== null || sort === 'ending_first' ? context.services.campaigns.nextListChange() : Promise.resolve(null),
  ]);
  const slot = context.pageChanges;
  if (nextChange !== null && (slot.at === null || nextChange < slot.at)) slot.at = nextChange;
  return page;
}

/**
 * The home page's band. Every live campaign read for it, shown or not, is
 * noted for the page's expiry (`listPostCards`): the first of those ending
 * later is the next to cross the 48-hour line and join the band.
 */
export async function loadEndingSoonBand(context: AppLoadContext, size: number, least: number): Promise<EndingSoonBand> {
  const live = (await listPostCards(context, { pageSize: size, nextToken: null, campaign: 'live', sort: 'ends_at' })).posts;
  const soon = live.filter(isEndingSoon);
  return { soon, next: soon.length >= least ? [] : live.filter((post) => !isEndingSoon(post)).slice(0, least - soon.length) };
}

/** The newest published posts as cards (a short list: the 404 page's, the home page's). */
export async function listRecentPostCards(context: AppLoadContext, size: number): Promise<PostCard[]> {
  return (await listPostCards(context, { pageSize: size, nextToken: null })).posts;
}

/**
 * Up to `size` published posts to read after `post`: the newest of its
 * categories first, then the newest of all, never `post` itself.
 */
export async function listRelatedPostCards(
  context: AppLoadContext,
  post: { slug: string; categories: readonly { id: string }[] },
  size: number,
  sources?: Set<string>,
): Promise<PostCard[]> {
  const related: PostCard[] = [];
  const isWanted = (card: { slug: string }) => card.slug !== post.slug && !related.some((other) => other.slug === card.slug);
  // One more than wanted: the post itself may be among them.
  for (const category of post.categories) {
    if (related.length >= size) break;
    const page = await listPostCards(context, { pageSize: size + 1, nextToken: null, categoryId: category.id });
    related.push(...page.posts.filter(isWanted).slice(0, size - related.length));
  }
  if (related.length < size) {
    // The newest posts as they stand, and each one shown: an edit of another post leaves the block as it is.
    sources?.add(pageSource.postOrder);
    const latest = await context.services.posts.listPublished({ pageSize: size * 2 + 1, nextToken: null });
    const added = latest.posts.filter(isWanted).slice(0, size - related.length);
    for (const shown of added) sources?.add(pageSource.post(shown.id));
    related.push(...(await postCardsOf(context, added)));
  }
  return related;
}

/** One page of published resources as cards, newest first. */
export async function listResourceCards(
  context: AppLoadContext,
  options: { pageSize: number; nextToken: string | null },
): Promise<ResourceCardPage> {
  const page = await context.services.resources.listPublished(options);
  return { resources: page.resources.map((resource) => toResourceCard(resource)), next_token: page.next_token };
}

export type DetailAnswer =
  /** `source`: the post as the services answered it, for what its page loads beside it (never sent to the browser). */
  | { kind: 'post'; post: PostDetail; source: PostJson }
  | { kind: 'resource'; resource: ResourceDetail; source: ResourceJson }
  /** An address an administrator renamed: where it lives now. */
  | { kind: 'renamed'; slug: string }
  | { kind: 'missing' };

/**
 * Notes that the page shows nothing but `sources` (beside the layout, whose
 * changes touch every page), so only a write touching one of them drops
 * its kept copy (decisions 070 and 074). None at all: the page shows only
 * the layout and settings, and only writes that touch everything drop it.
 */
export function notePageSources(context: AppLoadContext, sources: Iterable<string>): void {
  context.pageSources.sources = [...sources];
}

/** A campaign video's player may be framed on this page, from its host's origin only (decision 094). */
function noteVideoFrame(context: AppLoadContext, videoUrl: string | null | undefined): void {
  const origin = videoFrameOrigin(videoUrl);
  if (origin !== null && !context.pageFrames.origins.includes(origin)) context.pageFrames.origins.push(origin);
}

/**
 * What a post's page shows: the post, and a related block drawn from its
 * categories (and, when they hold too few, from the newest posts:
 * `listRelatedPostCards` adds the order of the posts and each one it shows).
 */
export function postPageSources(post: PostJson): Set<string> {
  return new Set([
    pageSource.post(post.id),
    ...post.category_ids.map((id) => pageSource.category(id)),
    // Its byline: an edit of its author's profile touches it.
    ...(post.author_id === null ? [] : [pageSource.author(post.author_id)]),
  ]);
}

/** SPEC.md: a published post by slug first, then a resource, then a renamed address of either. */
export async function findDetail(context: AppLoadContext, slug: string): Promise<DetailAnswer> {
  const { posts, resources } = context.services;
  const post = await posts.findPublished(slug);
  if (post) return { kind: 'post', post: await toPostDetail(context, post), source: post };
  const resource = await resources.findPublished(slug);
  if (resource) {
    return { kind: 'resource', resource: await toDetail(context, 'resource', toResourceCard(resource), resource), source: resource };
  }
  const renamed = (await posts.findRenamed(slug)) ?? (await resources.findRenamed(slug));
  return renamed ? { kind: 'renamed', slug: renamed } : { kind: 'missing' };
}

/** A draft or scheduled item as its preview link shows it; null for a bad, expired or revoked link. */
export async function findPreview(
  context: AppLoadContext,
  token: string,
): Promise<{ kind: 'post'; post: PostDetail } | { kind: 'resource'; resource: ResourceDetail } | null> {
  const found = await context.services.previewLinks.open(token);
  if (!found) return null;
  if (found.kind === 'post') return { kind: 'post', post: await toPostDetail(context, found.post) };
  return { kind: 'resource', resource: await toDetail(context, 'resource', toResourceCard(found.resource), found.resource) };
}

/** The address of the site's own social card (its name, tagline and logo): the home page's image. */
export async function findSiteCardPath(context: AppLoadContext): Promise<string> {
  return (await context.services.socialCards.ofSite()).path;
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
  const { posts, resources, categories, authors } = context.services;
  const [postSlugs, resourceSlugs, categoryList, authorSlugs] = await Promise.all([
    posts.listPublishedSlugs(),
    resources.listPublishedSlugs(),
    categories.list(),
    authors.listSlugs(),
  ]);
  return { items: [...postSlugs, ...resourceSlugs], categories: categoryList, authors: authorSlugs };
}
