import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

/** /admin/cdn: the owners' Settings → CDN (the `settings` permission), and "Purge everything" (decision 098). */
export function adminCdnApi({ cdn }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await cdn.status()));
  app.post('/purge-all', async (c) => c.json(await cdn.purgeEverything(), 202));
  return app;
}
