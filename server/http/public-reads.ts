import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps.ts';
import { answerSourcesOf } from '../freshness/answer-marks.ts';
import { tagAnswer } from '../freshness/cache-tags.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * Public API reads (published posts, resources, categories) are the same for
 * every visitor: a CDN may keep them for a minute and serve a stale copy a
 * little longer while it revalidates; browsers revalidate every time (cheap
 * with the ETag). Admin writes reach this server's cache at once, other
 * servers' within a second, a CDN's within s-maxage.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Marks successful public reads as shareable, and answers them from `cache` when given. */
export function publicReads(cache?: ResponseCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const render = async () => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('cache-control')) {
        c.res.headers.set('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
      }
      // A CDN in front keeps it until a write purges it (decision 098).
      if (c.res.status === 200) tagAnswer(c.res.headers, answerSourcesOf(c.res));
      return c.res;
    };
    if (!cache) {
      await render();
      return;
    }
    // Hono ignores a Response returned by a middleware once the handler has
    // answered: the cached (or 304) answer must replace `c.res`.
    c.res = await cache.serve(c, render);
  };
}
