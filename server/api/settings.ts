import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** /admin/settings: the owner's site-wide settings (the `settings` permission, checked by the family guard). */
export function adminSettingsApi({ settings }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/security', async (c) => c.json(await settings.security()));
  app.put('/security', async (c) => c.json(await settings.updateSecurity(c.get('staff'), await readJsonObject(c), callerOf(c))));
  return app;
}
