import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/cache-headers.ts';
import { categoryLabel } from '../lib/categories.ts';
import { listFeedPosts, notePageSources } from '../server/content.server.ts';
import { absoluteUrl } from '../lib/seo.ts';
import { siteOrigin } from '../server/site-url.server.ts';
import { escapeXml } from '../lib/xml.ts';
import { siteProfile } from '../server/site-settings.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { Route } from './+types/rss';

/** How many of the newest posts the feed carries. */
const FEED_SIZE = 50;

/** /rss.xml: an RSS 2.0 feed of the newest published posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  notePageSources(context, [pageSource.postLists]);
  const [posts, site] = await Promise.all([listFeedPosts(context, FEED_SIZE), siteProfile(context)]);
  const items = posts.map((post) => {
    const link = escapeXml(absoluteUrl(origin, `/${post.slug}`));
    const published = post.published_at ? `<pubDate>${new Date(post.published_at * 1000).toUTCString()}</pubDate>` : '';
    const labels = [...(post.sponsored ? ['Sponsored'] : []), ...post.category_ids.map(categoryLabel)];
    const categories = labels.map((label) => `<category>${escapeXml(label)}</category>`).join('');
    const description = post.excerpt ? `<description>${escapeXml(post.excerpt)}</description>` : '';
    // RSS's own <author> wants an address: a byline is a name alone, in Dublin Core's element.
    const creator = post.author ? `<dc:creator>${escapeXml(post.author.name)}</dc:creator>` : '';
    // Feed readers show the title first: the disclosure goes there.
    const title = post.sponsored ? `Sponsored: ${post.title}` : post.title;
    return `<item><title>${escapeXml(title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid>${published}${creator}${description}${categories}</item>`;
  });
  const newest = posts[0]?.published_at;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>' +
    `<title>${escapeXml(site.site_name)}</title>` +
    `<link>${escapeXml(absoluteUrl(origin, '/'))}</link>` +
    `<description>${escapeXml(site.meta_description)}</description>` +
    '<language>en</language>' +
    `<atom:link href="${escapeXml(absoluteUrl(origin, '/rss.xml'))}" rel="self" type="application/rss+xml"/>` +
    (newest ? `<lastBuildDate>${new Date(newest * 1000).toUTCString()}</lastBuildDate>` : '') +
    `\n${items.join('\n')}\n</channel></rss>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL },
  });
}
