import { data, redirect } from 'react-router';
import { PostArticle, ResourceArticle } from '../components/content-article.tsx';
import type { NotFoundData } from '../components/not-found-page.tsx';
import { PageError } from '../components/page-error.tsx';
import { RelatedPosts } from '../components/related-posts.tsx';
import { withBodyInPage } from '../lib/article-body.ts';
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import { loadCampaignTrend } from '../server/campaign-trend.server.ts';
import { findDetail, listRecentPostCards, listRelatedPostCards, notePageSources, postPageSources } from '../server/content.server.ts';
import { absoluteUrl, articleJsonLd, originFromMatches, pageMeta, pageTitle, useSiteOrigin, withReviewJsonLd } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../../common/social-cards.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { Route } from './+types/detail';

/** How many posts a post page offers next ("More projects"), and its 404 ("Recent projects"). */
const RELATED_POSTS = 3;

// Long enough for any real slug, short enough to keep junk out of the logs.
const MAX_LOGGED_PATH = 200;


/**
 * SPEC.md: a post by slug first, then a resource; then, for an address an
 * administrator renamed, a permanent redirect to the new one; else 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const found = await findDetail(context, params.slug);
  // The body goes out once, in the page's HTML, unless this is a client navigation (lib/article-body.ts).
  if (found.kind === 'post') {
    const sources = postPageSources(found.source);
    const [related, trend] = await Promise.all([
      listRelatedPostCards(context, found.post, RELATED_POSTS, sources),
      loadCampaignTrend(context, found.source),
    ]);
    notePageSources(context, sources);
    return { kind: found.kind, post: { ...withBodyInPage(context, found.post), trend }, related };
  }
  if (found.kind === 'resource') {
    notePageSources(context, [pageSource.resource(found.source.id)]);
    return { kind: found.kind, resource: withBodyInPage(context, found.resource) };
  }
  // A renamed address, or none yet: any new or renamed item may take it.
  notePageSources(context, [pageSource.postLists, pageSource.resourceLists]);
  const url = new URL(request.url);
  if (found.kind === 'renamed') {
    throw redirect(`/${found.slug}${url.search}`, { status: 301, headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } });
  }
  context.logger.info({ path: url.pathname.slice(0, MAX_LOGGED_PATH) }, 'page not found');
  const notFound: NotFoundData = { recentPosts: await listRecentPostCards(context, RELATED_POSTS) };
  throw data(notFound, { status: 404, headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const site = siteFromMatches(matches);
  if (error || !loaderData) {
    return [{ title: pageTitle('Content Not Found', matches) }, { name: 'robots', content: 'noindex' }];
  }
  const item = loaderData.kind === 'post' ? loaderData.post : loaderData.resource;
  const description = item.excerpt ?? `${item.title}, on ${site.name}.`;
  const path = `/${item.slug}`;
  // A reviewed post adds its Review of the campaign; a sponsored post has none to add (decision 093).
  const reviewed =
    loaderData.kind === 'post' && loaderData.post.review
      ? { review: loaderData.post.review, title: item.title, url: loaderData.post.campaign_url, image: item.cover_image }
      : null;
  return [
    ...pageMeta({
      origin,
      path,
      title: pageTitle(item.title, matches),
      description,
      // A raster card networks show (they do not show SVG covers), drawn from the cover.
      image: item.social_card,
      imageAlt: `${item.title}, on ${site.name}`,
      siteName: site.name,
      imageSize: { width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT },
      type: 'article',
      jsonLd: withReviewJsonLd(origin, reviewed, articleJsonLd(origin, {
        path,
        title: item.title,
        description: item.excerpt,
        image: item.cover_image,
        publishedAt: item.published_at,
        updatedAt: item.updated_at,
        author: loaderData.kind === 'post' ? loaderData.post.author : null,
      }, site)),
    }),
    ...(item.published_at
      ? [{ property: 'article:published_time', content: new Date(item.published_at * 1000).toISOString() }]
      : []),
  ];
}

export const headers = publicPageHeaders;

export default function Detail({ loaderData }: Route.ComponentProps) {
  const origin = useSiteOrigin();
  const slug = loaderData.kind === 'post' ? loaderData.post.slug : loaderData.resource.slug;
  const shareUrl = absoluteUrl(origin || 'http://localhost', `/${slug}`);
  return loaderData.kind === 'post' ? (
    <>
      <PostArticle post={loaderData.post} shareUrl={shareUrl} />
      <RelatedPosts posts={loaderData.related} />
    </>
  ) : (
    <ResourceArticle resource={loaderData.resource} shareUrl={shareUrl} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound="content" />;
}

