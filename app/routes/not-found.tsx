import { data } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import type { Route } from './+types/not-found';

// Long enough for any real path, short enough to keep junk out of the logs.
const MAX_LOGGED_PATH = 200;

// SPEC.md: the missing path is logged. Only the path: the query string may
// carry tokens or personal data.
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.deps.logger.info({ path: pathname.slice(0, MAX_LOGGED_PATH) }, 'page not found');
  throw data(null, { status: 404 });
}

// Never rendered (the loader always throws to the root ErrorBoundary), but a
// route without a component would be a resource route and answer bare data.
export default function NotFound() {
  return <NotFoundPage />;
}
