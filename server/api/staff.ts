import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

/** GET /admin/me: the signed-in member of staff, their role and what it may do. Open to every role. */
export function adminMeApi({ staff }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await staff.me(c.get('staff'))));
  return app;
}
