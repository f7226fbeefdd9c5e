import { replace } from 'react-router';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/cache-headers.ts';
import type { Route } from './+types/resource-redirect';

/**
 * SPEC.md: /resources/{slug} redirects to /{slug}, replacing the history
 * entry. A first load gets a permanent redirect; in the browser the router
 * replaces the entry instead of adding one.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  throw replace(`/${encodeURIComponent(params.slug)}${search}`, {
    status: 301,
    headers: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL },
  });
}

// Never rendered (the loader always redirects); a component keeps this a
// page route, so in-app links to it are handled by the router.
export default function ResourceRedirect() {
  return null;
}
