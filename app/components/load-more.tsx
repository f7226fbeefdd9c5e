import { useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { buttonVariants } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

interface Page<Item> {
  items: Item[];
  nextToken: string | null;
}

/**
 * "Load More" for a paged list (STYLE.md: a link carrying the next cursor,
 * enhanced by a fetcher that appends). Without JavaScript the link opens the
 * next page (`?cursor=`); with it, the next page is fetched from the same
 * loader and appended in place. Mount it with a `key` that changes with the
 * list (the category, say) so a new list starts afresh.
 */
export function usePagedList<Item, Data>({
  firstPage,
  dataUrl,
  select,
}: {
  firstPage: Page<Item>;
  /** The loader URL of the page after `token` (for an index route, include `?index`). */
  dataUrl: (token: string) => string;
  select: (data: Data) => Page<Item>;
}) {
  const fetcher = useFetcher();
  const fetched = fetcher.data as Data | undefined;
  const [more, setMore] = useState<Page<Item>>({ items: [], nextToken: firstPage.nextToken });
  const [appended, setAppended] = useState<Data | undefined>(undefined);
  // Derived during render, not in an effect: each fetched page is appended once.
  if (fetched !== undefined && fetched !== appended) {
    const page = select(fetched);
    setAppended(fetched);
    setMore((previous) => ({ items: [...previous.items, ...page.items], nextToken: page.nextToken }));
  }
  return {
    items: [...firstPage.items, ...more.items],
    nextToken: more.nextToken,
    loadedCount: more.items.length,
    isLoading: fetcher.state !== 'idle',
    load: (token: string) => {
      if (fetcher.state === 'idle') fetcher.load(dataUrl(token));
    },
  };
}

export function LoadMoreLink({
  nextToken,
  isLoading,
  loadedCount,
  itemName,
  onLoad,
}: {
  nextToken: string | null;
  isLoading: boolean;
  loadedCount: number;
  /** What the list holds, for the screen-reader announcement ("projects"). */
  itemName: string;
  onLoad: (token: string) => void;
}) {
  // The page's own query (a filter, an order) goes on to the next page: only the token changes.
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (nextToken) params.set('cursor', nextToken);
  return (
    // Without a next page only the (invisible) announcement is left: no gap for it.
    <div className={nextToken ? 'mt-10 flex flex-col items-center gap-2' : 'flex flex-col items-center'}>
      <p aria-live="polite" className="sr-only">
        {loadedCount > 0 && !isLoading ? `${loadedCount} more ${itemName} loaded` : ''}
      </p>
      {nextToken ? (
        <Link
          to={`?${params.toString()}`}
          preventScrollReset
          rel="next"
          aria-disabled={isLoading || undefined}
          className={buttonVariants({ variant: 'outline', size: 'lg' })}
          onClick={(event) => {
            event.preventDefault();
            onLoad(nextToken);
          }}
        >
          {isLoading ? <Spinner className="size-4!" label="Loading more" /> : null}
          Load More
        </Link>
      ) : null}
    </div>
  );
}
