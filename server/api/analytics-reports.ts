/**
 * GET /admin/analytics: the audience numbers of a range of UTC days
 * (common/schemas/analytics.ts), and GET /admin/analytics/now: visitors in
 * the last five minutes. Read-only; owners and administrators.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

export function adminAnalyticsApi({ analyticsReports }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await analyticsReports.report(c.req.query())));
  app.get('/now', async (c) => c.json(await analyticsReports.now()));
  return app;
}
