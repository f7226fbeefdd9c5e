import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../deps.ts';

/**
 * One log line per request, tagged with the request id that is also sent
 * back as `X-Request-Id`. Only method, path, status and time: never bodies,
 * query strings or headers, which may carry tokens or personal data.
 */
export function logRequests(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}
