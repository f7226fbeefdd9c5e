/**
 * The embeddable pages' shared parts: their layout's loader data (the site's
 * origin and name), and their meta tags. An embed repeats a page of the site,
 * so it is never indexed and names that page as canonical.
 */
import { useRouteLoaderData, type MetaDescriptor } from 'react-router';
import { SITE_NAME } from '../../common/site.ts';
import { pageMeta } from './seo.ts';

/** The route id of the embeddable pages' layout (routes/embed-layout.tsx). */
const EMBED_LAYOUT_ROUTE_ID = 'routes/embed-layout';

export interface EmbedSite {
  origin: string;
  siteName: string;
}

function embedSiteOf(data: unknown): EmbedSite {
  if (data && typeof data === 'object' && 'origin' in data && 'siteName' in data) {
    const { origin, siteName } = data;
    if (typeof origin === 'string' && typeof siteName === 'string') return { origin, siteName };
  }
  return { origin: '', siteName: SITE_NAME };
}

/** The site's origin and name in a component under the embed layout. */
export function useEmbedSite(): EmbedSite {
  return embedSiteOf(useRouteLoaderData(EMBED_LAYOUT_ROUTE_ID));
}

/** The meta tags of an embeddable copy of `canonicalPath`: `noindex`, and the full page as canonical. */
export function embedPageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: { canonicalPath: string; title: string; description: string },
): MetaDescriptor[] {
  const { origin, siteName } = embedSiteOf(matches.find((match) => match?.id === EMBED_LAYOUT_ROUTE_ID)?.loaderData);
  return pageMeta({
    origin,
    siteName,
    path: page.canonicalPath,
    title: `${page.title} | ${siteName}`,
    description: page.description,
    noIndex: true,
  });
}
