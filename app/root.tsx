import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { NotFoundPage } from './components/not-found-page.tsx';
import { SITE_NAME } from './site.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Pages set their own title; this one is for the error pages, which the root
// boundary renders.
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: `${isNotFound ? 'Page not found' : 'Something went wrong'} | ${SITE_NAME}` }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <main className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">{children}</main>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  // Details only in development: production answers never show internals.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-slate-600">Please try again in a moment.</p>
      {details ? <pre className="w-full overflow-x-auto p-4 text-left text-xs">{details}</pre> : null}
    </div>
  );
}
