import { SITE_NAME } from '../../../common/site.ts';

/** What a meta function is given of the routes above it: the back-office layout's data carries the site's name. */
export type AdminMetaMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The saved site name, once the back-office layout has loaded it (GET /api/admin/me); today's before sign-in. */
function siteNameOf(matches: AdminMetaMatches | undefined): string {
  const data = matches?.find((match) => match?.id === 'routes/admin/layout')?.loaderData;
  const me: unknown = typeof data === 'object' && data !== null && 'me' in data ? data.me : undefined;
  const name: unknown = typeof me === 'object' && me !== null && 'site_name' in me ? me.site_name : undefined;
  return typeof name === 'string' && name !== '' ? name : SITE_NAME;
}

/** An admin page's meta: its title, and never indexed (meta replaces the parent's). */
export function adminMeta(title: string, matches?: AdminMetaMatches) {
  return [{ title: `${title} | Admin | ${siteNameOf(matches)}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * The meta function of a page inside the back-office layout. Its argument is
 * typed here rather than as the route's own MetaArgs, which would refer to
 * the function being typed.
 */
export function adminPageMeta(title: string) {
  return ({ matches }: { matches: AdminMetaMatches }) => adminMeta(title, matches);
}
