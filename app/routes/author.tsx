import { data, redirect } from 'react-router';
import { AuthorAvatar } from '../components/author-avatar.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import type { NotFoundData } from '../components/not-found-page.tsx';
import { PageError } from '../components/page-error.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { findRenamedAuthorPath, loadAuthorPage } from '../server/authors.server.ts';
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import { listRecentPostCards } from '../server/content.server.ts';
import { originFromMatches, pageMeta, pageTitle, personJsonLd } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/author';

/** How many posts a 404 offers to go on from. */
const RECENT_POSTS = 3;

/**
 * `/author/{slug}`: a member of staff's profile and the posts they reviewed,
 * newest first, paged like a category; a slug its author changed since
 * answers a permanent redirect to their page now (decision 101).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = await loadAuthorPage(context, params.slug, request);
  if (!page) {
    const renamed = await findRenamedAuthorPath(context, params.slug);
    if (renamed) {
      throw redirect(`${renamed}${new URL(request.url).search}`, { status: 301, headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL } });
    }
    // Names no sources: any write, a profile taking this slug included, may make it exist.
    const notFound: NotFoundData = { recentPosts: await listRecentPostCards(context, RECENT_POSTS) };
    throw data(notFound, { status: 404, headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
  }
  return page;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Author Not Found', matches) }, { name: 'robots', content: 'noindex' }];
  const { author, isFirstPage } = loaderData;
  const origin = originFromMatches(matches);
  const site = siteFromMatches(matches);
  return pageMeta({
    origin,
    siteName: site.name,
    path: isFirstPage ? author.url : location.pathname + location.search,
    title: pageTitle(`${author.name}, reviewer`, matches),
    description: author.bio || `Campaigns reviewed by ${author.name} on ${site.name}.`,
    // A later page is the author's page again, further down.
    noIndex: !isFirstPage,
    ...(isFirstPage
      ? { jsonLd: { '@context': 'https://schema.org', '@type': 'ProfilePage', mainEntity: personJsonLd(origin, author) } }
      : {}),
  });
}

export const headers = publicPageHeaders;

export default function Author({ loaderData }: Route.ComponentProps) {
  // A new list for each author.
  return <AuthorPosts key={loaderData.author.slug} data={loaderData} />;
}

function AuthorPosts({ data: page }: { data: Route.ComponentProps['loaderData'] }) {
  const { author } = page;
  const list = usePagedPostCards(page, (token) => `${author.url}?cursor=${encodeURIComponent(token)}`);
  return (
    <>
      <header className="mb-10 flex max-w-3xl flex-col gap-5 sm:flex-row sm:items-start">
        <AuthorAvatar src={author.avatar} size={96} />
        <div>
          <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">Reviewer</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{author.name}</h1>
          {author.bio ? <p className="mt-3 text-lg text-muted-foreground">{author.bio}</p> : null}
          {author.links.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2" aria-label={`${author.name} elsewhere`}>
              {author.links.map((link) => (
                <li key={link}>
                  <a href={link} rel="me noopener" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
                    {hostOf(link)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>
      {list.items.length === 0 ? (
        <EmptyState>No reviews by {author.name} are published yet.</EmptyState>
      ) : (
        <section aria-labelledby="author-reviews">
          <h2 id="author-reviews" className="mb-6 text-2xl font-bold tracking-tight">
            Reviewed by {author.name}
          </h2>
          <PostCardGrid posts={list.items} isFirstPriority />
        </section>
      )}
      <LoadMoreLink nextToken={list.nextToken} isLoading={list.isLoading} loadedCount={list.loadedCount} itemName="reviews" onLoad={list.load} />
    </>
  );
}

/** `jo.example.com` for `https://jo.example.com/about`: what a reader recognises of a link. */
function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
