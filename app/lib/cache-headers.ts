import type { HeadersArgs } from 'react-router';

/**
 * Public pages may be kept by browsers for a minute and by a CDN for five,
 * served stale for ten more while it revalidates. The server's own page
 * cache (server/pages.ts) also keys on this header: only `public` answers
 * are kept.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** Missing content may be published any minute: never keep a 404 long. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60';

/** Form answers and anything personal. */
export const NO_STORE = 'no-store';

/**
 * The `headers` export of a public page: form answers are never stored,
 * errors keep the header they were thrown with, everything else is public.
 */
export function publicPageHeaders({ actionHeaders, errorHeaders, loaderHeaders }: HeadersArgs): Headers {
  const headers = new Headers();
  const fromError = errorHeaders?.get('Cache-Control');
  if (errorHeaders) headers.set('Cache-Control', fromError ?? NOT_FOUND_CACHE_CONTROL);
  else if (actionHeaders.has('Cache-Control')) headers.set('Cache-Control', NO_STORE);
  else headers.set('Cache-Control', loaderHeaders.get('Cache-Control') ?? PUBLIC_PAGE_CACHE_CONTROL);
  return headers;
}
