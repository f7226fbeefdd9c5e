/**
 * An issue's links made countable (decision 067): every address of the
 * mail, in both parts, becomes `{site}/n/{issue}/{link}`, the originals
 * kept in `newsletter_links`. Nothing in the new address tells one
 * recipient from another. The unsubscribe link (each recipient's own) is
 * left as it is, and so is the site's home address: the footer names it as
 * where the reader subscribed, and the plain text shows it as written. Numbers follow the order the mail first shows each
 * address, so every slice of a sending, on any server, agrees on them.
 */
import { GO_PATH_PREFIX, newsletterLinkPath } from '../../common/outbound.ts';
import {
  findPostIdByCampaignUrl,
  findPostIdBySlug,
  insertIssueLink,
  listIssueLinks,
} from '../db/queries/newsletter-links.ts';
import type { Db } from '../db/schema.ts';
import { UNSUBSCRIBE_PLACEHOLDER, type RenderedIssue } from './email.tsx';

const HREF = /href="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const unescapeAttribute = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Addresses that stay as they are: each recipient's own, the site's home, and anything that is not a web address. */
function isCountable(url: string, siteUrl: string): boolean {
  if (url === UNSUBSCRIBE_PLACEHOLDER || url === siteUrl || url === `${siteUrl}/`) return false;
  return url.startsWith('https://') || url.startsWith('http://');
}

/** The mail's counted web addresses in the order it first shows them. */
export function linksOf(rendered: RenderedIssue, siteUrl: string): string[] {
  const seen = new Set<string>();
  for (const match of rendered.html.matchAll(HREF)) {
    const url = unescapeAttribute(match[1] ?? '');
    if (isCountable(url, siteUrl)) seen.add(url);
  }
  return [...seen];
}

/** The mail with each stored address replaced by its counted one; addresses not stored stay. */
export function rewriteLinks(rendered: RenderedIssue, countedOf: ReadonlyMap<string, string>): RenderedIssue {
  const html = rendered.html.replace(HREF, (whole, raw: string) => {
    const counted = countedOf.get(unescapeAttribute(raw));
    return counted ? `href="${escapeAttribute(counted)}"` : whole;
  });
  // The plain text shows the same addresses, each ending where the text around it begins; the longest
  // first, so one that begins another is not cut short.
  const urls = [...countedOf.keys()].sort((a, b) => b.length - a.length);
  let text = rendered.text;
  if (urls.length > 0) {
    const alternatives = urls.map((url) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    const pattern = new RegExp(`(?:${alternatives})(?=[\\s)\\]>"'<]|$)`, 'g');
    text = text.replace(pattern, (url) => countedOf.get(url) ?? url);
  }
  return { html, text };
}

/** The post a link leads to: its page, its `/go/` address, or its campaign as stored. */
async function postOf(db: Db, url: string, siteUrl: string): Promise<number | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin === new URL(siteUrl).origin) {
    const path = parsed.pathname.startsWith(GO_PATH_PREFIX) ? parsed.pathname.slice(GO_PATH_PREFIX.length) : parsed.pathname.slice(1);
    if (path === '' || path.includes('/')) return null;
    return (await findPostIdBySlug(db, decodeURIComponent(path))) ?? null;
  }
  return (await findPostIdByCampaignUrl(db, url)) ?? null;
}

/**
 * Stores the issue's addresses not stored yet, under the next free
 * numbers, and answers the mail with every address counted. Another
 * server storing the same issue at the same moment wins a number it
 * takes first; this one reads back what was stored and goes on.
 */
export async function countedIssue(db: Db, issueId: number, rendered: RenderedIssue, siteUrl: string): Promise<RenderedIssue> {
  const urls = linksOf(rendered, siteUrl);
  let stored = await listIssueLinks(db, issueId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const known = new Set(stored.map((link) => link.url));
    const missing = urls.filter((url) => !known.has(url));
    if (missing.length === 0) break;
    let next = stored.reduce((max, link) => Math.max(max, link.link_no), 0) + 1;
    for (const url of missing) {
      await insertIssueLink(db, issueId, { link_no: next, url, post_id: await postOf(db, url, siteUrl) });
      next += 1;
    }
    stored = await listIssueLinks(db, issueId);
  }
  const countedOf = new Map<string, string>();
  // Where two servers stored one address twice, the lower number is the one used.
  for (const link of stored) if (!countedOf.has(link.url)) countedOf.set(link.url, `${siteUrl}${newsletterLinkPath(issueId, link.link_no)}`);
  return rewriteLinks(rendered, countedOf);
}
