import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { DomainError } from '../../common/errors.ts';
import { BEACON_MAX_BYTES } from '../../common/schemas/analytics.ts';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readJsonObject, readSmallText } from '../http/input.ts';
import { sentFromAnotherSite } from '../http/same-site.ts';
import { REFRESH_COOKIE } from '../http/session-cookies.ts';
import { parseBeaconText } from '../services/audience/analytics.ts';
import type { AppServices } from '../services/index.ts';

const tooLarge = (): never => {
  throw new DomainError('VALIDATION_FAILED', `The beacon is larger than ${BEACON_MAX_BYTES / 1024} KB`);
};

const saysPrefetch = (value: string | undefined) => /\bprefetch\b/i.test(value ?? '');

/**
 * POST /api/events: one page view, as `sendBeacon` sends it (JSON as
 * `application/json` or `text/plain`). Always 204 once well-formed and
 * within the rate, counted or not, so the answer tells nothing; 403 when a
 * page of another site sent it.
 */
export function eventsApi({ analytics }: AppServices, callerOf: CallerOf, siteOrigin: string) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    // Read by the service, so a beacon refused for its body is counted as malformed.
    const readBody = async (): Promise<unknown> => {
      const type = (c.req.header('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
      if (type !== 'application/json' && type !== 'text/plain') {
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'A beacon is sent as application/json or text/plain');
      }
      return parseBeaconText(await readSmallText(c, BEACON_MAX_BYTES, tooLarge));
    };
    await analytics.recordView(readBody, {
      caller: callerOf(c),
      fromAnotherSite: sentFromAnotherSite(c, siteOrigin),
      prefetch: saysPrefetch(c.req.header('sec-purpose')) || saysPrefetch(c.req.header('purpose')),
      globalPrivacyControl: c.req.header('sec-gpc')?.trim() === '1',
      staffToken: getCookie(c, REFRESH_COOKIE),
    });
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });
  return app;
}

/** /admin/settings/analytics: the owner's switch for counting page views and clicks (the `settings` permission). */
export function adminAnalyticsSettingsApi({ analytics }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await analytics.settings()));
  app.put('/', async (c) => c.json(await analytics.updateSettings(c.get('staff'), await readJsonObject(c), callerOf(c))));
  return app;
}
