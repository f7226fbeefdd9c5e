import { data, Link } from 'react-router';
import { ContentCard } from '../components/content-card.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SponsoredLabel } from '../components/sponsored-label.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { loadSearch, type SearchResultCard } from '../server/search.server.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/search.ts';
import { pageSource } from '../../common/page-sources.ts';
import { notePageSources } from '../server/content.server.ts';
import type { Route } from './+types/search';

/**
 * `/search?q=…`: live posts and resources matching every word, best first,
 * each with its type, a snippet with the matched words marked, and its date;
 * "Next page" is a plain link. Works without JavaScript (a GET form); never
 * indexed. A refused query (too long, no letter or digit) answers 400 with
 * the form and the reason.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  notePageSources(context, [pageSource.postLists, pageSource.resourceLists]);
  const view = await loadSearch(context, request);
  return view.kind === 'invalid' ? data(view, { status: 400 }) : view;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const q = loaderData?.q.trim() ?? '';
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: location.pathname + location.search,
    title: pageTitle(q ? `Search: ${q}` : 'Search', matches),
    description: 'Search the reviewed crowdfunding projects and the guides for campaign owners.',
    noIndex: true,
  });
}

export const headers = publicPageHeaders;

const TYPE_LABELS: Record<SearchResultCard['type'], string> = { post: 'Post', resource: 'Resource' };

export default function Search({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={view.kind === 'results' ? `Search results for “${view.q.trim()}”` : 'Search'}>
        <p>Find reviewed projects and guides by any word of their title, summary or text.</p>
      </PageHeader>
      <SearchPageForm key={view.q} q={view.q} />
      {view.kind === 'invalid' ? (
        <p role="alert" className="mt-6 text-destructive">
          {view.message}
        </p>
      ) : null}
      {view.kind === 'results' ? <Results view={view} /> : null}
    </>
  );
}

function SearchPageForm({ q }: { q: string }) {
  return (
    <form method="get" action="/search" role="search" aria-label="Search posts and resources" className="max-w-2xl">
      <label htmlFor="search-page-q" className="mb-2 block text-sm font-medium">
        Search posts and resources
      </label>
      <div className="flex gap-2">
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          required
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        />
        <button type="submit" className={buttonVariants()}>
          Search
        </button>
      </div>
    </form>
  );
}

function Results({ view }: { view: Extract<Route.ComponentProps['loaderData'], { kind: 'results' }> }) {
  const { q, results, next_token, isFirstPage } = view;
  const pageLink = (cursor?: string) => `/search?${new URLSearchParams(cursor ? { q, cursor } : { q }).toString()}`;
  return (
    <section aria-labelledby="search-results" className="mt-10 max-w-3xl">
      <h2 id="search-results" className="sr-only">
        Results
      </h2>
      {results.length === 0 ? (
        <EmptyState>
          {isFirstPage ? 'Nothing matches your search. Try fewer or shorter words.' : 'No more results.'}
        </EmptyState>
      ) : (
        <ol className="border-b border-border">
          {results.map((result) => (
            <li key={`${result.type}-${result.slug}`}>
              <ContentCard
                layout="row"
                href={`/${result.slug}`}
                title={result.title}
                eyebrow={
                  <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {TYPE_LABELS[result.type]}
                    {result.sponsored ? <SponsoredLabel /> : null}
                  </p>
                }
                excerpt={
                  <span className="[&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-foreground">
                    {result.snippet.map((part, index) =>
                      part.mark ? <mark key={index}>{part.text}</mark> : part.text,
                    )}
                  </span>
                }
                meta={
                  result.published ? (
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={result.published.iso}>{result.published.short}</time>
                    </p>
                  ) : null
                }
              />
            </li>
          ))}
        </ol>
      )}
      {!isFirstPage || next_token ? (
        <nav aria-label="Search result pages" className="mt-10 flex gap-4">
          {!isFirstPage ? (
            <Link to={pageLink()} className={buttonVariants({ variant: 'outline' })}>
              First page
            </Link>
          ) : null}
          {next_token ? (
            <Link to={pageLink(next_token)} rel="next" className={buttonVariants({ variant: 'outline' })}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
