import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/cache-headers.ts';
import { listSitemapContent, notePageSources } from '../server/content.server.ts';
import { listArchivedIssues } from '../server/newsletter-archive.server.ts';
import { absoluteUrl } from '../lib/seo.ts';
import { siteOrigin } from '../server/site-url.server.ts';
import { escapeXml } from '../lib/xml.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import { authorPath } from '../../common/authors.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { Route } from './+types/sitemap';

/** The public pages that are always there. */
const STATIC_PATHS = [
  '/',
  '/projects',
  '/resources',
  '/ending-soon',
  '/instant-kickstarter-fee-calculator',
  '/free-indiegogo-fee-calculator',
  '/contact-us',
  SPONSORED_PATH,
  '/newsletter',
  '/privacy-policy',
  '/terms-of-service',
];

interface SitemapEntry {
  path: string;
  lastModified?: number;
}

/** /sitemap.xml: the static pages, every category, published post and resource, sent newsletter issue, and author with live posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  notePageSources(context, [pageSource.postLists, pageSource.resourceLists, pageSource.authorLists]);
  const [{ items, categories, authors }, issues] = await Promise.all([listSitemapContent(context), listArchivedIssues(context)]);
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categories.map((category) => ({ path: `/category/${category.slug}` })),
    ...items.map((item) => ({ path: `/${item.slug}`, lastModified: item.updated_at })),
    ...issues.map((issue) => ({ path: `/newsletter/${issue.slug}`, lastModified: issue.sent_at })),
    ...authors.map((author) => ({ path: authorPath(author.slug), lastModified: author.updated_at })),
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
