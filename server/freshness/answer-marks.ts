/**
 * What a public answer carries for the caches that keep it (docs/architecture.md,
 * "Freshness"): the page sources it was made from, which decide which
 * writes drop it (decision 070), and the second its content changes by the
 * clock alone, its `Expires` (decision 062), which bounds every copy of it:
 * this server's page cache, the rendered-page store, a browser's and a CDN's.
 */

/** The sources a rendered answer noted, until the cache reads them. */
const answerSources = new WeakMap<Response, ReadonlySet<string>>();

/**
 * Says that `response` shows only what `sources` name (`post:12`,
 * `category:3`, `latest-posts`…), so a write touching none of them leaves
 * its kept copy alone. An answer that says nothing is touched by every write.
 */
export function noteAnswerSources(response: Response, sources: Iterable<string>): void {
  answerSources.set(response, new Set(sources));
}

/** Whether a write that touched `touched` (null: anything) changes a page made from `sources`. */
export function touches(touched: ReadonlySet<string> | null, sources: ReadonlySet<string> | null): boolean {
  if (touched === null || sources === null) return true;
  for (const source of sources) if (touched.has(source)) return true;
  return false;
}

/** The sources `response` noted (`noteAnswerSources`); null when it said nothing, so every write touches it. */
export function answerSourcesOf(response: Response): ReadonlySet<string> | null {
  return answerSources.get(response) ?? null;
}

/**
 * When a kept copy of `response` stops answering: after the cache's own
 * time, or at the answer's `Expires`, whichever comes first. A page says
 * when what it shows changes by the clock alone (a countdown's words, a
 * badge: decision 062).
 */
export function expiryOf(response: Response, ttlMs: number): number {
  const bound = Date.now() + ttlMs;
  const expires = response.headers.get('expires');
  const at = expires === null ? Number.NaN : Date.parse(expires);
  return Number.isNaN(at) ? bound : Math.min(bound, at);
}

/**
 * Makes a public answer whose content changes at `at` (Unix seconds)
 * expire then: `Expires` says so, and no age in `Cache-Control` reaches
 * past it, a stale copy's allowance included.
 */
export function expireAnswerAt(headers: Headers, at: number): void {
  const cacheControl = headers.get('cache-control') ?? '';
  if (!/^public\b/.test(cacheControl)) return;
  const left = Math.max(0, Math.floor((at * 1000 - Date.now()) / 1000));
  const directives = cacheControl.split(',').map((directive) => directive.trim());
  const ageOf = (name: string) => {
    const found = directives.find((directive) => directive.toLowerCase().startsWith(`${name}=`));
    return found === undefined ? undefined : Number(found.slice(name.length + 1));
  };
  const maxAge = Math.min(ageOf('max-age') ?? left, left);
  const sharedMaxAge = ageOf('s-maxage');
  const sharedAge = sharedMaxAge === undefined ? undefined : Math.min(sharedMaxAge, left);
  const staleAllowance = Math.min(ageOf('stale-while-revalidate') ?? 0, left - (sharedAge ?? maxAge));
  const kept = directives.filter((directive) => !/^(max-age|s-maxage|stale-while-revalidate)=/i.test(directive));
  kept.push(`max-age=${maxAge}`);
  if (sharedAge !== undefined) kept.push(`s-maxage=${sharedAge}`);
  if (staleAllowance > 0) kept.push(`stale-while-revalidate=${staleAllowance}`);
  headers.set('Cache-Control', kept.join(', '));
  headers.set('Expires', new Date(at * 1000).toUTCString());
}

/** When the answer itself says it stops being true (its `Expires`, epoch milliseconds); null when it does not. */
export function ownExpiry(headers: readonly [string, string][]): number | null {
  const expires = headers.find(([name]) => name.toLowerCase() === 'expires')?.[1];
  const at = expires === undefined ? Number.NaN : Date.parse(expires);
  return Number.isNaN(at) ? null : at;
}
