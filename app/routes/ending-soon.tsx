import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { Button } from '../components/ui/button.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { listPostCards, loadPagedList, notePageSources } from '../lib/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/ending-soon';

/** As many as the other lists of posts show at a time. */
const ENDING_SOON_PAGE_SIZE = 20;

/** Every live campaign, the one ending first at the top. */
export async function loader({ context, request }: Route.LoaderArgs) {
  notePageSources(context, [pageSource.postLists]);
  return loadPagedList(request, (nextToken) =>
    listPostCards(context, { pageSize: ENDING_SOON_PAGE_SIZE, nextToken, campaign: 'live', sort: 'ends_at' }),
  );
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const isFirstPage = loaderData?.isFirstPage ?? true;
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: isFirstPage ? '/ending-soon' : location.pathname + location.search,
    title: pageTitle('Ending Soon', matches),
    description: 'Live crowdfunding campaigns, the ones ending first at the top: back them while you still can.',
    noIndex: !isFirstPage,
  });
}

export const headers = publicPageHeaders;

export default function EndingSoon({ loaderData }: Route.ComponentProps) {
  const list = usePagedPostCards(loaderData, (token) => `/ending-soon?cursor=${encodeURIComponent(token)}`);
  return (
    <>
      <PageHeader title="Ending Soon">
        <p>Live campaigns, the ones ending first at the top.</p>
      </PageHeader>
      {list.items.length === 0 ? (
        <EmptyState
          action={
            <Button asChild>
              <Link to="/" prefetch="intent">
                Browse all projects
              </Link>
            </Button>
          }
        >
          No live campaigns right now. Check back soon!
        </EmptyState>
      ) : (
        <section aria-labelledby="ending-soon-projects">
          <h2 id="ending-soon-projects" className="sr-only">
            Live campaigns
          </h2>
          <PostCardGrid posts={list.items} isFirstPriority />
        </section>
      )}
      <LoadMoreLink
        nextToken={list.nextToken}
        isLoading={list.isLoading}
        loadedCount={list.loadedCount}
        itemName="projects"
        onLoad={list.load}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
