import { data } from 'react-router';
import { NotFoundPage, type NotFoundData } from '../components/not-found-page.tsx';
import { PageError } from '../components/page-error.tsx';
import { NOT_FOUND_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import { listRecentPostCards, notePageSources } from '../server/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/not-found';

/** The newest posts offered on the 404 page. */
const NOT_FOUND_RECENT_POSTS = 3;

// Long enough for any real path, short enough to keep junk out of the logs.
const MAX_LOGGED_PATH = 200;

// SPEC.md: the missing path is logged. Only the path: the query string may
// carry tokens or personal data.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.logger.info({ path: pathname.slice(0, MAX_LOGGED_PATH) }, 'page not found');
  notePageSources(context, [pageSource.postLists]);
  const notFound: NotFoundData = { recentPosts: await listRecentPostCards(context, NOT_FOUND_RECENT_POSTS) };
  throw data(notFound, { status: 404, headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
}

export function meta() {
  return [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }];
}

export const headers = publicPageHeaders;

// Never rendered (the loader always throws to the boundary below), but a
// route without a component would be a resource route and answer bare data.
export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
