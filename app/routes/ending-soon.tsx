import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { Button } from '../components/ui/button.tsx';
import { fewEndingSoonText } from '../components/home-sections.tsx';
import { isEndingSoon } from '../lib/content-cards.ts';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { listPostCards, loadPagedList, notePageSources } from '../server/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/ending-soon';

/** As many as the other lists of posts show at a time. */
const ENDING_SOON_PAGE_SIZE = 20;

/**
 * Every live campaign, the one ending first at the top: those ending
 * within 48 hours, then the others (the page shows them in two groups).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  notePageSources(context, [pageSource.campaignLists]);
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
    description: 'Crowdfunding campaigns ending in the next 48 hours, then every other live campaign by its end: back them while you still can.',
    noIndex: !isFirstPage,
  });
}

export const headers = publicPageHeaders;

export default function EndingSoon({ loaderData }: Route.ComponentProps) {
  const list = usePagedPostCards(loaderData, (token) => `/ending-soon?cursor=${encodeURIComponent(token)}`);
  // The list is by end, so those ending within 48 hours come first, whatever was loaded.
  const soon = list.items.filter(isEndingSoon);
  const next = list.items.filter((post) => !isEndingSoon(post));
  // A later page without a campaign ending soon (no scripts, `?cursor=`) starts with those ending next.
  const hasSoonGroup = soon.length > 0 || loaderData.isFirstPage;
  return (
    <>
      <PageHeader title="Ending Soon">
        <p>Campaigns ending in the next 48 hours, then every other live campaign by its end.</p>
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
        <>
          {hasSoonGroup ? (
            <section aria-labelledby="ending-soon-projects">
              <h2 id="ending-soon-projects" className="section-head section-title">
                Ending in the next 48 hours
              </h2>
              {soon.length > 0 ? (
                <PostCardGrid posts={soon} isFirstPriority />
              ) : (
                <p className="text-muted-foreground">{fewEndingSoonText(0)}</p>
              )}
            </section>
          ) : null}
          {next.length > 0 ? (
            <section aria-labelledby="ending-next-projects" className={hasSoonGroup ? 'mt-section' : undefined}>
              <h2 id="ending-next-projects" className="section-head section-title">
                Ending next
              </h2>
              <PostCardGrid posts={next} isFirstPriority={soon.length === 0} />
            </section>
          ) : null}
        </>
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
