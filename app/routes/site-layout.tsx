import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { CookieBanner } from '../components/cookie-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { ToastRegion } from '../components/toast-region.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { listAllCategories } from '../server/content.server.ts';
import { showCookiePreferences } from '../lib/cookie-consent.ts';
import { sendPageView } from '../lib/page-view.ts';
import { siteOrigin } from '../server/site-url.server.ts';
import { countingEnabled, publicSite, siteConfig } from '../server/site-settings.server.ts';
import type { Route } from './+types/site-layout';
import publicStylesheet from '../public.css?url';
import { INLINE_STYLESHEET_ID } from '../lib/inline-stylesheet.ts';

/**
 * The public stylesheet as a file, for a public page reached from the back
 * office by client navigation: only a document the server wrote as a public
 * page carries it inline (decision 102). Nothing on the server, nor in the
 * browser while that block is there, so hydration sees the same links.
 */
export const links: Route.LinksFunction = () =>
  typeof document === 'undefined' || document.getElementById(INLINE_STYLESHEET_ID)
    ? []
    : [{ rel: 'stylesheet', href: publicStylesheet }];

/**
 * The public site's frame: navigation, footer, toasts and, when analytics
 * is configured, cookie consent around every public page. Other public pages (the sponsored landing page,
 * the payment results) nest here too.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [categories, site, counting] = await Promise.all([listAllCategories(context), publicSite(context), countingEnabled(context)]);
  return {
    site,
    origin: siteOrigin(context),
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    gaMeasurementId: siteConfig(context).gaMeasurementId,
    year: new Date().getUTCFullYear(),
    counting,
  };
}

// Categories and settings do not change while someone browses; no public
// form changes them either.
export function shouldRevalidate() {
  return false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { categories, gaMeasurementId, year, site, counting } = loaderData;
  // The frame's parts depend on the loader's data alone, which stays the same
  // while someone browses (`shouldRevalidate`): stable props let them skip a
  // client-side navigation's render (site-header.tsx, site-footer.tsx).
  const showPreferences = useCallback(
    () => void showCookiePreferences(gaMeasurementId, site.privacyEmail),
    [gaMeasurementId, site.privacyEmail],
  );
  // Analytics is the one optional cookie: without it there is nothing to ask or to prefer (decision 081).
  const onCookiePreferences = gaMeasurementId ? showPreferences : undefined;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader categories={categories} site={site} />
      <main id="main" tabIndex={-1} className="relative mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-none sm:px-6">
        <PageLoading />
        <Outlet />
      </main>
      <SiteFooter year={year} categories={categories} site={site} onCookiePreferences={onCookiePreferences} />
      <ToastRegion />
      {gaMeasurementId ? <CookieBanner measurementId={gaMeasurementId} privacyEmail={site.privacyEmail} /> : null}
      <PageViewBeacon counting={counting} />
    </div>
  );
}

/** One beacon per page viewed, the first included; a change of hash alone is the same page. */
function PageViewBeacon({ counting }: { counting: boolean }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (counting) sendPageView({ pathname, search });
  }, [counting, pathname, search]);
  return null;
}

/**
 * SPEC.md's spinner while the next page's data loads (client-side
 * navigation only: server-rendered pages arrive complete). It appears after
 * a short delay, so fast (prefetched) navigations never flash it.
 */
function PageLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  const isLoadingPage =
    navigation.state === 'loading' &&
    navigation.formMethod === undefined &&
    navigation.location.pathname !== location.pathname;
  if (!isLoadingPage) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-30 flex justify-center pt-24 opacity-0 [animation:fade-in_150ms_ease-out_200ms_forwards]">
      <div className="rounded-full bg-card p-3 shadow-lg">
        <Spinner className="size-8!" label="Loading page" />
      </div>
    </div>
  );
}
