import { Outlet } from 'react-router';
import { siteOrigin } from '../server/site-url.server.ts';
import { publicSite } from '../server/site-settings.server.ts';
import type { Route } from './+types/embed-layout';

/**
 * The frame of the pages other sites may show in an `<iframe>` (the
 * calculators' embeddable copies): the page alone, without the site's
 * navigation, footer, cookie banner or analytics, which set no cookie and
 * load nothing in someone else's page. Only these paths may be framed
 * (server/http/security-headers.ts, docs/decisions/060-embeddable-calculators.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await publicSite(context);
  return { origin: siteOrigin(context), siteName: site.name };
}

export function shouldRevalidate() {
  return false;
}

export default function EmbedLayout() {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl p-4 sm:p-6">
      <Outlet />
    </main>
  );
}
