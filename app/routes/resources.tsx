import { EmptyState } from '../components/empty-state.tsx';
import { LoadMoreLink, usePagedList } from '../components/load-more.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ResourceCard } from '../components/resource-card.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import type { ResourceCardPage } from '../lib/content-cards.ts';
import { listResourceCards, loadPagedList, notePageSources } from '../server/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/resources';

/** SPEC.md section 9: public resources come 20 at a time. */
const RESOURCES_PAGE_SIZE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  notePageSources(context, [pageSource.resourceLists]);
  return loadPagedList(request, (nextToken) =>
    listResourceCards(context, { pageSize: RESOURCES_PAGE_SIZE, nextToken }),
  );
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const isFirstPage = loaderData?.isFirstPage ?? true;
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: isFirstPage ? '/resources' : location.pathname + location.search,
    title: pageTitle('Crowdfunding Resources', matches),
    description:
      'Guides for campaign owners: planning a crowdfunding campaign, understanding platform fees, building a press kit and reaching backers.',
    noIndex: !isFirstPage,
  });
}

export const headers = publicPageHeaders;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const list = usePagedList<ResourceCardPage['resources'][number], ResourceCardPage>({
    firstPage: { items: loaderData.resources, nextToken: loaderData.next_token },
    dataUrl: (token) => `/resources?cursor=${encodeURIComponent(token)}`,
    select: (page) => ({ items: page.resources, nextToken: page.next_token }),
  });
  return (
    <>
      <PageHeader title="Crowdfunding Resources">
        <p>Practical guides for planning, launching and funding a crowdfunding campaign.</p>
      </PageHeader>
      {list.items.length === 0 ? (
        <EmptyState>No resources available yet. Check back soon!</EmptyState>
      ) : (
        <ul className="grid gap-gutter sm:grid-cols-2 lg:grid-cols-3">
          {list.items.map((resource, index) => (
            <li key={resource.slug}>
              <ResourceCard resource={resource} isPriority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreLink
        nextToken={list.nextToken}
        isLoading={list.isLoading}
        loadedCount={list.loadedCount}
        itemName="resources"
        onLoad={list.load}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
