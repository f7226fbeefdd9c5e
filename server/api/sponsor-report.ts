import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import type { AppServices } from '../services/index.ts';

/** GET /sponsor-report/{token}: the sponsor's report of their post (decision 068); a wrong or revoked token is a 404. */
export function sponsorReportApi({ readSponsorReport }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/:token', async (c) => c.json(await readSponsorReport(c.req.param('token'), callerOf(c))));
  return app;
}
