import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/** One year, subdomains included: what HSTS preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether the visitor's connection is HTTPS: the request's own scheme, or,
 * behind a trusted proxy that ends TLS, the scheme it reports in
 * `X-Forwarded-Proto` (anyone could send that header to a bare server).
 */
export function isHttpsRequest(c: Context, trustProxy: boolean): boolean {
  // A prefix test: parsing the URL on every answer would cost more than the rest of this.
  if (c.req.url.startsWith('https:')) return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * HSTS on answers that reached the visitor over HTTPS. Browsers ignore it
 * over plain HTTP, and sending it there from a server reachable both ways
 * (a local run, a health check) would only mislead.
 */
export function strictTransportSecurity(config: Config): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isHttpsRequest(c, config.TRUST_PROXY > 0)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  };
}
