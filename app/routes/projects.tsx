import { data, Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { Button } from '../components/ui/button.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { listProjectCards, loadPagedList, notePageSources } from '../server/content.server.ts';
import { cx } from '../lib/cx.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { pageSource } from '../../common/page-sources.ts';
import {
  DEFAULT_PROJECT_SORT,
  PROJECT_FILTERS,
  PROJECT_SORTS,
  PROJECTS_PATH,
  projectsHref,
  readProjectsQuery,
  type ProjectSort,
} from '../../common/projects-browse.ts';
import type { CampaignFilter } from '../../common/campaign.ts';
import type { Route } from './+types/projects';

/** As many as the other lists of posts show at a time. */
const PROJECTS_PAGE_SIZE = 20;

const DESCRIPTION = 'Every reviewed crowdfunding project in one list: live, ending soon, just launched, funded or ended, by end, funding or date.';

/**
 * `/projects`: every published post of every category, filtered by its
 * campaign and ordered as the reader chooses through plain links
 * (decision 095). A query the page cannot answer (an unknown filter or
 * order) is a 400 saying which and what to pick, with the choices still
 * there.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const read = readProjectsQuery(new URL(request.url).searchParams);
  if ('problem' in read) {
    // It shows no post: only the layout's writes concern it.
    notePageSources(context, []);
    const refused = {
      kind: 'invalid' as const,
      problem: read.problem,
      filter: null,
      sort: DEFAULT_PROJECT_SORT,
      posts: [],
      next_token: null,
      isFirstPage: true,
    };
    return data(refused, { status: 400 });
  }
  const { filter, sort } = read.choice;
  // Every post (any post write), or only those with a campaign (a write of one, before or after it).
  notePageSources(context, [filter === null ? pageSource.postLists : pageSource.campaignLists]);
  const page = await loadPagedList(request, (nextToken) =>
    listProjectCards(context, {
      pageSize: PROJECTS_PAGE_SIZE,
      nextToken,
      filter,
      sort: sort === 'published_at' ? null : sort,
    }),
  );
  return { kind: 'list' as const, problem: null, filter, sort, ...page };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const filter = loaderData?.filter ?? null;
  const sort = loaderData?.sort ?? DEFAULT_PROJECT_SORT;
  const isFirstPage = loaderData?.isFirstPage ?? true;
  // The page's one address; only the whole list's first page is indexed, a filtered or later one is a moment's view of it.
  const isPlain = loaderData?.kind === 'list' && filter === null && sort === DEFAULT_PROJECT_SORT && isFirstPage;
  const cursor = isFirstPage ? null : new URLSearchParams(location.search).get('cursor');
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: loaderData?.kind === 'invalid' ? PROJECTS_PATH : projectsHref({ filter, sort, cursor }),
    title: pageTitle(titleOf(filter), matches),
    description: DESCRIPTION,
    noIndex: !isPlain,
  });
}

export const headers = publicPageHeaders;

/** "All Projects", "Live Projects", "Ending Soon Projects"… */
function titleOf(filter: CampaignFilter | null): string {
  if (filter === null) return 'All Projects';
  const label = PROJECT_FILTERS.find((option) => option.value === filter)?.label ?? '';
  return `${label.replace(/\b\w/g, (letter) => letter.toUpperCase())} Projects`;
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  // A new list for each choice.
  return <ProjectList key={`${loaderData.filter ?? ''}:${loaderData.sort}`} data={loaderData} />;
}

function ProjectList({ data: loaded }: { data: Route.ComponentProps['loaderData'] }) {
  const { filter, sort } = loaded;
  const list = usePagedPostCards(loaded, (token) => projectsHref({ filter, sort, cursor: token }));
  return (
    <>
      <PageHeader title="All Projects">
        <p>Every project we have reviewed, in every category: pick what stage its campaign is at, and how to order them.</p>
      </PageHeader>
      <div className="mb-8 flex flex-col gap-4">
        <ChoiceLinks
          label="Filter projects"
          options={PROJECT_FILTERS.map((option) => ({
            key: option.value ?? 'all',
            label: option.label,
            href: projectsHref({ filter: option.value, sort }),
            isCurrent: loaded.kind === 'list' && option.value === filter,
          }))}
        />
        <ChoiceLinks
          label="Sort projects"
          title="Order"
          options={PROJECT_SORTS.map((option) => ({
            key: option.value,
            label: option.label,
            href: projectsHref({ filter, sort: option.value }),
            isCurrent: loaded.kind === 'list' && option.value === sort,
          }))}
        />
      </div>
      {loaded.problem ? (
        <p role="alert" className="mb-8 text-destructive">
          {loaded.problem.message}
        </p>
      ) : list.items.length === 0 ? (
        <EmptyState
          action={
            filter !== null ? (
              <Button asChild variant="outline">
                <Link to={projectsHref({ sort })}>Show all projects</Link>
              </Button>
            ) : undefined
          }
        >
          {filter !== null ? 'No projects match this filter right now.' : 'No projects yet. Check back soon!'}
        </EmptyState>
      ) : (
        <section aria-labelledby="projects-list">
          <h2 id="projects-list" className="sr-only">
            {`${titleOf(filter)}, ${sortWords(sort)}`}
          </h2>
          <PostCardGrid posts={list.items} isFirstPriority />
        </section>
      )}
      <LoadMoreLink nextToken={list.nextToken} isLoading={list.isLoading} loadedCount={list.loadedCount} itemName="projects" onLoad={list.load} />
    </>
  );
}

/** "newest first", "ending first", "most funded first". */
function sortWords(sort: ProjectSort): string {
  switch (sort) {
    case 'published_at':
      return 'newest first';
    case 'ending_first':
      return 'ending first';
    case 'percent_funded':
      return 'most funded first';
  }
}

/** A row of choices as links: a crawler and a reader without scripts follow them alike. */
function ChoiceLinks({
  label,
  title,
  options,
}: {
  label: string;
  /** A visible word before the row, when its links do not say what they choose. */
  title?: string;
  options: { key: string; label: string; href: string; isCurrent: boolean }[];
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {title ? <span className="text-sm font-medium text-muted-foreground">{title}</span> : null}
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.key}>
            <Link
              to={option.href}
              aria-current={option.isCurrent ? 'page' : undefined}
              className={cx(
                'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium',
                option.isCurrent
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
