import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminToastRegion } from '../../components/admin/admin-toast-region.tsx';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { siteProfile } from '../../server/site-settings.server.ts';
import { SITE_NAME } from '../../../common/site.ts';
import { DEFAULT_TIME_ZONE } from '../../../common/site-time.ts';
import type { Route } from './+types/shell';
import stylesheet from '../../app.css?url';

/**
 * The frame of /auth and /admin: toasts, and documents that are never
 * indexed nor kept by a shared cache (everything in them is private).
 */
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

// Every class, the back office's and the editor's too: a hashed file, cached
// for good after the first visit (decisions 036 and 102).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/**
 * The site's name, for the titles of the sign-in pages and the back office
 * (decision 052): public, so it is read on the server before anyone signs
 * in. A database that does not answer leaves the default name rather than
 * the sign-in page unreachable.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const settings = await siteProfile(context);
    // The time zone the back office shows and takes times in (common/site-time.ts).
    return { siteName: settings.site_name, timeZone: settings.time_zone };
  } catch (error) {
    context.logger.warn({ err: error }, 'site name unavailable for the back office: showing the default');
    return { siteName: SITE_NAME, timeZone: DEFAULT_TIME_ZONE };
  }
}

// Only a save of the site settings can change the name or the time zone.
export function shouldRevalidate({ formAction }: ShouldRevalidateFunctionArgs) {
  return formAction?.startsWith('/admin/settings') ?? false;
}

export const meta = adminPageMeta('Back office');

export default function AdminShell() {
  return (
    <>
      {/* Every back-office page loads its data in the browser: without scripts it would show its spinner forever. */}
      <noscript>
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-background p-6">
          <div role="alert" className="max-w-md rounded-lg border border-border bg-card p-6 text-center shadow-sm">
            <p className="text-lg font-semibold">The back office needs JavaScript.</p>
            <p className="mt-2 text-muted-foreground">Turn JavaScript on for this site in your browser, then reload the page.</p>
            <a href="/" className="mt-4 inline-block text-primary underline underline-offset-4">
              Back to the site
            </a>
          </div>
        </div>
      </noscript>
      <Outlet />
      <AdminToastRegion />
    </>
  );
}
