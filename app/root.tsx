import { use, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { CspNonceContext } from './lib/csp-nonce.ts';
import { INLINE_STYLESHEET_ID, InlineStylesheetContext } from './lib/inline-stylesheet.ts';
// The same hashed files as the stylesheet's @font-face rules: preloaded so text is drawn in them from the first paint.
import textFont from '@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2?url';
import displayFont from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import { SITE_NAME } from '../common/site.ts';

// No stylesheet link here: public pages carry theirs in the head, the back
// office links its own (docs/decisions/102-nothing-before-the-first-paint.md).
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: textFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The site's name as saved in its settings, from whichever frame's loader
 * carries it: the public layout's or the back office's. Undefined where
 * neither ran (the root's own error page, the test checkout).
 */
function useSavedSiteName(): string | undefined {
  const site: unknown = (useRouteLoaderData('routes/site-layout') as { site?: { name?: unknown } } | undefined)?.site?.name;
  if (typeof site === 'string') return site;
  const shell: unknown = (useRouteLoaderData('routes/admin/shell') as { siteName?: unknown } | undefined)?.siteName;
  return typeof shell === 'string' ? shell : undefined;
}

// Pages set their own title; this one is for the errors only this boundary
// catches (the public layout itself failing).
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Page not found' : status === 503 ? 'Back in a moment' : 'Something went wrong';
  return [{ title: `${title} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = use(CspNonceContext);
  const siteName = useSavedSiteName();
  const inlineStylesheet = use(InlineStylesheetContext);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        {/* Between two nonces (its attribute and a closing comment), the same bytes on every page: the page cache holds it once (server/http/nonced-body.ts). */}
        {inlineStylesheet ? (
          <style nonce={nonce} id={INLINE_STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: `${inlineStylesheet}/*${nonce ?? ''}*/` }} />
        ) : null}
        <Links />
        {/* Here rather than in `links`, which cannot read loader data: the feed is titled with the saved name. */}
        {siteName ? <link rel="alternate" type="application/rss+xml" title={siteName} href="/rss.xml" /> : null}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        {/* Scripts takes the nonce from the router; this one must be given it. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Only reached when the public layout itself fails: every page of the site
// has its own boundary inside the layout (components/page-error.tsx). Plain
// markup, so no page has to load the not-found components for this.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto flex w-full max-w-6xl flex-col items-center gap-6 px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
        <a href="/" className="font-medium text-primary underline underline-offset-4">
          Return to Home
        </a>
      </main>
    );
  }

  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailablePage />;

  // Details only in development: production answers never show internals.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">Please try again in a moment.</p>
      {details ? <pre className="w-full overflow-x-auto p-4 text-left text-xs">{details}</pre> : null}
    </main>
  );
}

/**
 * The database is not answering (the answer is a 503 with Retry-After): a
 * short page of the site's own, readable without its layout or scripts.
 */
function UnavailablePage() {
  return (
    <>
      <header className="border-b">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
          <a href="/" className="text-lg font-bold tracking-tight">
            {SITE_NAME}
          </a>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Back in a moment</h1>
        <p className="text-muted-foreground">The site is briefly unavailable. Please try again in a moment.</p>
        <a href="" className="font-medium text-primary underline underline-offset-4">
          Try again
        </a>
      </main>
    </>
  );
}
