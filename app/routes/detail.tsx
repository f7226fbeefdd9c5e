import { ArrowLeft } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { CampaignCta } from '../components/campaign-cta.tsx';
import { CategoryBadges } from '../components/category-badges.tsx';
import { ContentMeta } from '../components/content-meta.tsx';
import { CoverImage } from '../components/cover-image.tsx';
import { SponsoredLabel } from '../components/sponsored-label.tsx';
import { MarkdownContent } from '../components/markdown-content.tsx';
import { PageError } from '../components/page-error.tsx';
import { Button } from '../components/ui/button.tsx';
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import type { PostDetail, ResourceDetail } from '../lib/content-cards.ts';
import { findDetail } from '../lib/content.server.ts';
import { articleJsonLd, originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { SITE_NAME } from '../../common/site.ts';
import type { Route } from './+types/detail';

// Long enough for any real slug, short enough to keep junk out of the logs.
const MAX_LOGGED_PATH = 200;

const DETAIL_IMAGE_SIZES = '(min-width: 832px) 768px, 100vw';

/**
 * SPEC.md: a post by slug first, then a resource; then, for an address an
 * administrator renamed, a permanent redirect to the new one; else 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const found = await findDetail(context, params.slug);
  if (found.kind === 'post' || found.kind === 'resource') return found;
  const url = new URL(request.url);
  if (found.kind === 'renamed') {
    throw redirect(`/${found.slug}${url.search}`, { status: 301, headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } });
  }
  context.logger.info({ path: url.pathname.slice(0, MAX_LOGGED_PATH) }, 'page not found');
  throw data(null, { status: 404, headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  if (error || !loaderData) {
    return [{ title: pageTitle('Content Not Found') }, { name: 'robots', content: 'noindex' }];
  }
  const item = loaderData.kind === 'post' ? loaderData.post : loaderData.resource;
  const description = item.excerpt ?? `${item.title}, on ${SITE_NAME}.`;
  const path = `/${item.slug}`;
  return [
    ...pageMeta({
      origin,
      path,
      title: pageTitle(item.title),
      description,
      image: item.cover_image,
      imageAlt: `Cover image for ${item.title}`,
      type: 'article',
      jsonLd: articleJsonLd(origin, {
        path,
        title: item.title,
        description: item.excerpt,
        image: item.cover_image,
        publishedAt: item.published_at,
        updatedAt: item.updated_at,
      }),
    }),
    ...(item.published_at
      ? [{ property: 'article:published_time', content: new Date(item.published_at * 1000).toISOString() }]
      : []),
  ];
}

export const headers = publicPageHeaders;

export default function Detail({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'post' ? (
    <PostArticle post={loaderData.post} />
  ) : (
    <ResourceArticle resource={loaderData.resource} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound="content" />;
}

function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

function PostArticle({ post }: { post: PostDetail }) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/">Back to Projects</BackLink>
      <CoverImage
        src={post.cover_image}
        title={post.title}
        sizes={DETAIL_IMAGE_SIZES}
        isPriority
        className="rounded-xl shadow-sm"
      />
      <header className="mt-8">
        <div className="flex flex-wrap items-center gap-2">
          {post.sponsored ? <SponsoredLabel /> : null}
          <CategoryBadges categories={post.categories} />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <ContentMeta className="mt-4" published={post.published} readTime={post.read_time} dateStyle="long" />
        {post.excerpt ? <p className="mt-6 text-lg italic text-muted-foreground">{post.excerpt}</p> : null}
      </header>
      {post.campaign_url ? (
        <div className="mt-8">
          <CampaignCta
            campaignUrl={post.campaign_url}
            sponsored={post.sponsored}
            title={post.title}
            text="Like what you see? Check out the campaign and back it directly."
            buttonLabel="Back This Project"
          />
        </div>
      ) : null}
      <div className="mt-10">
        <MarkdownContent content={post.content} />
      </div>
      {post.campaign_url ? (
        <div className="mt-12">
          <CampaignCta
            campaignUrl={post.campaign_url}
            sponsored={post.sponsored}
            title={post.title}
            text="Ready to support this project? Every pledge brings it closer to launch."
            buttonLabel="Visit Campaign"
          />
        </div>
      ) : null}
      <section aria-labelledby="enjoyed-title" className="mt-16 rounded-2xl bg-secondary px-6 py-10 text-center">
        <h2 id="enjoyed-title" className="text-2xl font-bold tracking-tight">
          Enjoyed this post?
        </h2>
        <p className="mt-2 text-muted-foreground">Discover more crowdfunding projects worth backing.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/" prefetch="intent">
            Explore More Projects
          </Link>
        </Button>
      </section>
    </article>
  );
}

function ResourceArticle({ resource }: { resource: ResourceDetail }) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/resources">Back to Resources</BackLink>
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{resource.title}</h1>
        <ContentMeta
          className="mt-4"
          published={resource.published}
          readTime={resource.read_time}
          dateStyle="long"
        />
      </header>
      {resource.cover_image ? (
        <CoverImage
          src={resource.cover_image}
          title={resource.title}
          sizes={DETAIL_IMAGE_SIZES}
          isPriority
          className="mt-8 rounded-xl shadow-sm"
        />
      ) : null}
      <div className="mt-10">
        <MarkdownContent content={resource.content} />
      </div>
    </article>
  );
}
