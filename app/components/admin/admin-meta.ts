import { useRouteLoaderData } from 'react-router';
import { SITE_NAME } from '../../../common/site.ts';

/** What a meta function is given of the routes above it: the back-office frame's data carries the site's name. */
export type AdminMetaMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

const nameIn = (data: unknown, key: 'siteName' | 'site_name'): string | undefined => {
  const name: unknown = typeof data === 'object' && data !== null && key in data ? (data as Record<string, unknown>)[key] : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/**
 * The saved site name: from the back office's frame (routes/admin/shell.tsx,
 * signed in or not), else from GET /api/admin/me once the admin area has
 * loaded it; the default name only when neither is there.
 */
function siteNameOf(matches: AdminMetaMatches | undefined): string {
  const shell = matches?.find((match) => match?.id === 'routes/admin/shell')?.loaderData;
  const layout = matches?.find((match) => match?.id === 'routes/admin/layout')?.loaderData;
  const me: unknown = typeof layout === 'object' && layout !== null && 'me' in layout ? layout.me : undefined;
  return nameIn(shell, 'siteName') ?? nameIn(me, 'site_name') ?? SITE_NAME;
}

/** An admin page's meta: its title, and never indexed (meta replaces the parent's). */
export function adminMeta(title: string, matches?: AdminMetaMatches) {
  return [{ title: `${title} | Admin | ${siteNameOf(matches)}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * The meta function of a back-office page. Its argument is typed here
 * rather than as the route's own MetaArgs, which would refer to the function
 * being typed.
 */
export function adminPageMeta(title: string) {
  return ({ matches }: { matches: AdminMetaMatches }) => adminMeta(title, matches);
}

/** The saved site name in a back-office component, for its titles (SPEC.md's 'Admin Panel', decision 052). */
export function useBackOfficeSiteName(): string {
  return nameIn(useRouteLoaderData('routes/admin/shell'), 'siteName') ?? SITE_NAME;
}
