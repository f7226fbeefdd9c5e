import type { Context, MiddlewareHandler, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from 'pino';
import { maskPrivateLinkToken } from '../../common/private-links.ts';
import type { AppEnv } from '../deps.ts';

/** Route label of everything the page renderer answers: one value, whatever the address. */
export const PAGE_ROUTE = 'page';
/** Route label of the web app's browser files. */
export const STATIC_ROUTE = 'static';
/** Route label of a request no route claimed (an unknown API path, say). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Receives every finished request, e.g. to count it for the metrics. */
export interface RequestObserver {
  observe(method: string, route: string, status: number, seconds: number): void;
}

// Set by a labelled handler on entry and cleared when it passes the request
// on, so the label is that of the handler that answered.
const fixedRouteLabels = new WeakMap<Context, string>();

/**
 * Gives a catch-all handler (pages, browser files) a fixed route label for
 * logs and metrics: its address space is unbounded, and one series per
 * visited address would swamp the metrics.
 */
export function withRouteLabel(
  label: string,
  handler: MiddlewareHandler<AppEnv> | ((c: Context<AppEnv>, next: Next) => Response),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    fixedRouteLabels.set(c, label);
    return handler(c, () => {
      fixedRouteLabels.delete(c);
      return next();
    });
  };
}

/**
 * The pattern of the route that answers the request (`/api/posts/:slug`),
 * never the address itself, so labels stay few. Wildcard middleware
 * (`/api/posts/*` and the like) is skipped even when it answered itself, as
 * a cached read or a refused login does: the request is still one for the
 * endpoint behind it.
 */
export function routeLabel(c: Context): string {
  for (const route of matchedRoutes(c)) {
    if (route.method !== 'ALL' || !route.path.endsWith('*')) return route.path;
  }
  return fixedRouteLabels.get(c) ?? UNMATCHED_ROUTE;
}

/**
 * The level of the logger the per-request lines go to. A demo server
 * (SEED_DEMO, what `npm start` runs) keeps them off the console, failures
 * aside, so its banner is not scrolled away by a line per page view; a
 * LOG_LEVEL set explicitly brings them back. Otherwise they follow LOG_LEVEL.
 */
export function requestLogLevel({ logLevel, demo, logLevelSet }: { logLevel: string; demo: boolean; logLevelSet: boolean }): string {
  return demo && !logLevelSet ? 'warn' : logLevel;
}

/**
 * One log line per request, tagged with the request id that is also sent
 * back as `X-Request-Id`. Only method, route, path, status and time: never
 * bodies, query strings or headers, which may carry tokens or personal data,
 * nor a private link's token (`/sponsor-report/[token]`), a working one or
 * a guess.
 */
export function logRequests(logger: Logger, observer?: RequestObserver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const elapsedMs = performance.now() - started;
    const status = c.res.status;
    const logged = status >= 500 || logger.isLevelEnabled('info');
    if (!observer && !logged) return;
    const method = c.req.method;
    const route = routeLabel(c);
    observer?.observe(method, route, status, elapsedMs / 1000);
    if (!logged) return;
    const line = {
      requestId: c.get('requestId'),
      method,
      route,
      path: maskPrivateLinkToken(c.req.path),
      status,
      durationMs: Math.round(elapsedMs * 10) / 10,
    };
    // A 503 is a known, passing state (an outage, a shutdown), logged where
    // it is found; other 5xx are faults of ours.
    if (status === 503) logger.warn(line, 'request refused: unavailable');
    else if (status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}
