import { Link, redirect } from 'react-router';
import { OtherCategories } from '../components/category-links.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { Button } from '../components/ui/button.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { NOT_FOUND_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import { findCategory, listAllCategories, listPostCards, loadPagedList, notePageSources } from '../server/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import type { Route } from './+types/category';
import type { CampaignFilter } from '../../common/campaign.ts';
import { cx } from '../lib/cx.ts';

const CATEGORY_PAGE_SIZE = 20;

/** The filters a category page offers, as links: a crawler and a reader without scripts follow them alike. */
const FILTERS: readonly { value: CampaignFilter | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'ending_soon', label: 'Ending soon' },
  { value: 'funded', label: 'Funded' },
];

/** The filter a `?campaign=` asks for; anything else lists them all. */
function filterOf(request: Request): CampaignFilter | null {
  const asked = new URL(request.url).searchParams.get('campaign');
  return FILTERS.find((filter) => filter.value !== null && filter.value === asked)?.value ?? null;
}

/** "Technology Projects", but "Creative Projects" for a name that already says it. */
function projectsOf(categoryName: string): string {
  return /\bprojects$/i.test(categoryName) ? categoryName : `${categoryName} Projects`;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const category = await findCategory(context, params.slug);
  // SPEC.md: an unknown category redirects to the home page.
  if (!category) throw redirect('/', { headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
  // Its posts: the other categories it links to are fixed, and a write of a post's campaign facts touches its categories too.
  notePageSources(context, [pageSource.category(category.id)]);
  const filter = filterOf(request);
  const [page, categories] = await Promise.all([
    loadPagedList(request, (nextToken) =>
      listPostCards(context, {
        pageSize: CATEGORY_PAGE_SIZE,
        nextToken,
        categoryId: category.id,
        ...(filter ? { campaign: filter } : {}),
      }),
    ),
    listAllCategories(context),
  ]);
  const otherCategories = categories
    .filter((other) => other.slug !== category.slug)
    .map(({ slug, name }) => ({ slug, name }));
  return { category, otherCategories, filter, ...page };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Category', matches) }];
  const { category, isFirstPage } = loaderData;
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: isFirstPage && !loaderData.filter ? location.pathname : location.pathname + location.search,
    title: pageTitle(projectsOf(category.name), matches),
    description: category.description,
    // A filtered list is the category's page again, a moment's view of it.
    noIndex: !isFirstPage || loaderData.filter !== null,
  });
}

export const headers = publicPageHeaders;

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  // A new list for each category and filter.
  return <CategoryPosts key={`${category.slug}:${loaderData.filter ?? ''}`} data={loaderData} />;
}

function CategoryPosts({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { category, otherCategories, filter } = data;
  const filterQuery = filter ? `campaign=${filter}&` : '';
  const list = usePagedPostCards(data, (token) => `/category/${category.slug}?${filterQuery}cursor=${encodeURIComponent(token)}`);
  return (
    <>
      <PageHeader title={category.name}>
        <p>{category.description}</p>
      </PageHeader>
      <CampaignFilters categorySlug={category.slug} current={filter} />
      {list.items.length === 0 && filter ? (
        <EmptyState>No projects here match this filter right now.</EmptyState>
      ) : list.items.length === 0 ? (
        <EmptyState
          action={
            <>
              <Button asChild>
                <Link to="/" prefetch="intent">
                  Browse all projects
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={SPONSORED_PATH}>Submit your project</Link>
              </Button>
            </>
          }
        >
          No projects found in this category yet. Check back soon!
        </EmptyState>
      ) : (
        <section aria-labelledby="category-projects">
          <h2 id="category-projects" className="sr-only">
            {projectsOf(category.name)}
          </h2>
          <PostCardGrid posts={list.items} isFirstPriority pageCategoryId={category.id} />
        </section>
      )}
      <LoadMoreLink
        nextToken={list.nextToken}
        isLoading={list.isLoading}
        loadedCount={list.loadedCount}
        itemName="projects"
        onLoad={list.load}
      />
      <OtherCategories categories={otherCategories} />
    </>
  );
}

function CampaignFilters({ categorySlug, current }: { categorySlug: string; current: CampaignFilter | null }) {
  return (
    <nav aria-label="Filter projects" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <li key={filter.label}>
            <Link
              to={filter.value ? `/category/${categorySlug}?campaign=${filter.value}` : `/category/${categorySlug}`}
              aria-current={filter.value === current ? 'page' : undefined}
              className={cx(
                'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium',
                filter.value === current
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {filter.label}
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
