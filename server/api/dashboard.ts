import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

/**
 * GET /admin/dashboard: the back office's dashboard (SPEC.md section 2): its four counts, the
 * latest activity and the revenue of the last 12 weeks, each as far as the role reaches.
 * GET /admin/dashboard/payments: how the site takes payments ({ mode: 'stripe' | 'test' | 'off' }),
 * for the banner every back-office page shows while payments are simulated or off.
 */
export function adminDashboardApi({ dashboard, payments }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await dashboard.overview(c.get('staff').role)));
  app.get('/payments', (c) => c.json({ mode: payments.mode() }));
  return app;
}
