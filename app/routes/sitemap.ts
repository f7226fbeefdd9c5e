import { listCategories } from '../../server/db/queries/categories.ts';
import { listPublishedPostSlugs } from '../../server/db/queries/posts.ts';
import { listPublishedResourceSlugs } from '../../server/db/queries/resources.ts';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/cache-headers.ts';
import { absoluteUrl } from '../lib/seo.ts';
import { siteOrigin } from '../lib/site-url.server.ts';
import { escapeXml } from '../lib/xml.ts';
import { SPONSORED_PATH } from '../site.ts';
import type { Route } from './+types/sitemap';

/** The public pages that are always there. */
const STATIC_PATHS = [
  '/',
  '/resources',
  '/instant-kickstarter-fee-calculator',
  '/free-indiegogo-fee-calculator',
  '/contact-us',
  SPONSORED_PATH,
  '/privacy-policy',
  '/terms-of-service',
];

interface SitemapEntry {
  path: string;
  lastModified?: number;
}

/** /sitemap.xml: the static pages, every category, published post and resource. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.deps;
  const origin = siteOrigin(context, request);
  const [posts, resources, categories] = await Promise.all([
    listPublishedPostSlugs(db),
    listPublishedResourceSlugs(db),
    listCategories(db),
  ]);
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categories.map((category) => ({ path: `/category/${category.slug}` })),
    ...posts.map((post) => ({ path: `/${post.slug}`, lastModified: post.updated_at })),
    ...resources.map((resource) => ({ path: `/${resource.slug}`, lastModified: resource.updated_at })),
  ];
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${new Date(entry.lastModified * 1000).toISOString()}</lastmod>`
      : '';
    return `<url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL },
  });
}
