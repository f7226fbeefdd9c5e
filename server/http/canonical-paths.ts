/**
 * One address per page (decision 089). React Router matches a path whatever
 * its letter case, with a trailing slash and with percent-encoded letters,
 * so every spelling of a page would render, be kept in the rendered-page
 * store and be counted on its own. Every spelling but one answers a
 * permanent redirect to that one instead; only it is rendered.
 *
 * The one spelling: lower case, no trailing slash, no empty or dot
 * segments, unreserved characters (RFC 3986: letters, digits, `-._~`)
 * written as themselves and other escapes in upper-case hex, and a
 * resource at `/{slug}` rather than `/resources/{slug}`. A private link's
 * token and a test checkout's session id keep their case: they are
 * secrets and ids, not words.
 *
 * A page whose query chooses what it shows (`/projects`, decision 095) has
 * one spelling of each choice as well: its own parameters in their order,
 * without their defaults (common/projects-browse.ts).
 */
import { PRIVATE_LINK_PREFIXES } from '../../common/private-links.ts';
import { PROJECTS_PATH, canonicalProjectsSearch } from '../../common/projects-browse.ts';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** First segments after which the rest of the path keeps its case. */
const CASE_KEEPING_PREFIXES: readonly (readonly string[])[] = [...PRIVATE_LINK_PREFIXES.map((prefix) => [prefix]), ['checkout', 'test']];

/** How many leading segments of `segments` are words to lower-case: all of them, or a case-keeping prefix. */
function wordSegments(lowered: readonly string[]): number {
  for (const prefix of CASE_KEEPING_PREFIXES) {
    if (prefix.every((segment, index) => lowered[index] === segment)) return prefix.length;
  }
  return lowered.length;
}

/** The canonical spelling of the path `pathname` (as a URL gives it: still percent-encoded). */
export function canonicalPath(pathname: string): string {
  const decoded = pathname.replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
  // Empty segments (`//`, a trailing slash) go; dot segments a decoded `%2e` made are resolved.
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const lowered = segments.map((segment) => segment.toLowerCase().replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase()));
  const words = wordSegments(lowered);
  const canonical = segments.map((segment, index) => (index < words ? (lowered[index] ?? segment) : segment));
  // SPEC.md: a resource's address is /{slug}; /resources/{slug} leads there.
  if (canonical.length === 2 && canonical[0] === 'resources') canonical.shift();
  return `/${canonical.join('/')}`;
}

/** React Router's data requests (a client navigation's loader data) end in this. */
const DATA_SUFFIX = '.data';

/**
 * The canonical spelling of the query string `search` (`?…` or '') of the
 * page at the canonical path `path`: as it came, but for a page whose query
 * chooses what it shows. A query that page refuses is left as it came: the
 * page answers why.
 */
export function canonicalSearch(path: string, search: string): string {
  if (path === PROJECTS_PATH) return canonicalProjectsSearch(search) ?? search;
  return search;
}

/**
 * What a page request at `pathname` should get: `null` when it is the
 * canonical spelling; else the canonical path to redirect to, or `notFound`
 * for a data request (a browser's router asks only for canonical ones).
 * Given the query string, it is spelt canonically too, and `search` says
 * how the redirect's address ends.
 */
export function canonicalRedirect(pathname: string, search?: string): { to: string; search?: string } | { notFound: true } | null {
  const canonical = canonicalPath(pathname);
  const query = search === undefined ? undefined : canonicalSearch(canonical, search);
  if (canonical === pathname && query === search) return null;
  if (pathname.toLowerCase().endsWith(DATA_SUFFIX)) return { notFound: true };
  return query === undefined ? { to: canonical } : { to: canonical, search: query };
}
