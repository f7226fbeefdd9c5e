import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

/** GET /admin/dashboard: the four counts of the back office's dashboard (SPEC.md section 2). */
export function adminDashboardApi({ dashboard }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await dashboard.counts()));
  return app;
}
