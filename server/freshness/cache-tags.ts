/**
 * What a CDN in front of the site is told (decision 098): each public
 * answer names the page sources it was made from as cache tags, the same
 * strings the page store and the change feed use (`common/page-sources.ts`),
 * so a write purges at the edge exactly the answers it changed, as it drops
 * them from this server's caches.
 */
import { isPrivateLinkPath } from '../../common/private-links.ts';

/** On every tagged answer: what "Purge everything" and a write that may touch anything purge. */
export const SITE_TAG = 'all';
/**
 * On an answer that may show anything (it named no sources): every write
 * purges it, as every write drops it from the page cache (decision 070).
 */
export const ANY_WRITE_TAG = 'any-write';

/** How long a CDN keeps a tagged answer at most: a purge, not the clock, ends it sooner. */
export const CDN_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The headers that tell a CDN what an answer is, and how long to keep it. */
export const CDN_HEADERS = ['Surrogate-Key', 'Cache-Tag', 'CDN-Tag', 'Surrogate-Control', 'CDN-Cache-Control'] as const;

/**
 * A page source as a cache tag: a plain header token (`post:12` → `post-12`),
 * since a tag travels in lists separated by spaces (Surrogate-Key, xkey) or
 * commas (Cache-Tag, CDN-Tag). Sources are short; a very long one is cut
 * and marked by its length, well under any CDN's limit per tag.
 */
export function cacheTagOf(source: string): string {
  const token = source.replace(/[^A-Za-z0-9._-]/g, '-');
  return token.length <= 64 ? token : `${token.slice(0, 56)}-${token.length}`;
}

/**
 * The most a list of tags may take in one header: Bunny reads 1,024 bytes
 * of `CDN-Tag`, the strictest of the CDNs.
 */
const MAX_TAG_LIST_BYTES = 1000;

/**
 * The tags of an answer made from `sources` (null: it may show anything).
 * More than a header holds: it is tagged as one that may show anything,
 * purged by every write rather than missed by some.
 */
export function answerTags(sources: Iterable<string> | null): string[] {
  const anything = [SITE_TAG, ANY_WRITE_TAG];
  if (sources === null) return anything;
  const tags = unique([SITE_TAG, ...[...sources].map(cacheTagOf)]);
  return tags.join(',').length > MAX_TAG_LIST_BYTES ? anything : tags;
}

/**
 * The tags a write that touched `touched` (null: anything) purges: the
 * tags of its sources, and those of the answers that may show anything;
 * every tagged answer when it may touch anything.
 */
export function purgeTagsOf(touched: readonly string[] | null): string[] {
  if (touched === null) return [SITE_TAG];
  return unique([...touched.map(cacheTagOf), ANY_WRITE_TAG]);
}

const unique = (tags: string[]) => [...new Set(tags)];

/**
 * Whether the answer to a request (`method`, `path`) with these headers
 * may be kept by a CDN: a read, marked `public`, setting no cookie, and
 * none of the back office, its API, sign-in or a private link (whatever
 * their headers say).
 */
export function isShareableAtEdge(method: string, path: string, headers: Headers): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/^\/(api\/)?admin(\/|$)/.test(path) || path.startsWith('/api/auth') || isPrivateLinkPath(path)) return false;
  if (headers.has('set-cookie')) return false;
  return /^public\b/i.test(headers.get('cache-control') ?? '');
}

/** Marks an answer made from `sources` with its tags; `finishCdnHeaders` completes or removes them as it goes out. */
export function tagAnswer(headers: Headers, sources: Iterable<string> | null): void {
  headers.set('Surrogate-Key', answerTags(sources).join(' '));
}

/**
 * The CDN headers of an answer as it leaves the server. A tagged answer a
 * CDN may keep gets its tags in every CDN's spelling and a day at the edge,
 * never past its own `Expires` (decision 062: a countdown that flips);
 * browsers keep its `Cache-Control`. Any other answer carries none of them.
 */
export function finishCdnHeaders(request: { method: string; path: string }, headers: Headers, nowMs = Date.now()): void {
  if (!CDN_HEADERS.some((name) => headers.has(name))) return;
  const tags = headers.get('surrogate-key');
  if (tags === null || !isShareableAtEdge(request.method, request.path, headers)) {
    for (const name of CDN_HEADERS) headers.delete(name);
    return;
  }
  const list = tags.split(' ').filter(Boolean);
  headers.set('Cache-Tag', list.join(','));
  headers.set('CDN-Tag', list.join(','));
  const expires = Date.parse(headers.get('expires') ?? '');
  const left = Number.isNaN(expires) ? CDN_MAX_AGE_SECONDS : Math.max(0, Math.floor((expires - nowMs) / 1000));
  const edge = `max-age=${Math.min(CDN_MAX_AGE_SECONDS, left)}`;
  headers.set('Surrogate-Control', edge);
  headers.set('CDN-Cache-Control', edge);
}
