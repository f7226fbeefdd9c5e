import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/**
 * /admin/settings: staff security (the owner's `settings` permission) and the
 * site profile (`site_settings`), each checked by its family guard.
 */
export function adminSettingsApi({ staffSecurity, siteProfile }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/security', async (c) => c.json(await staffSecurity.security()));
  app.put('/security', async (c) => c.json(await staffSecurity.updateSecurity(c.get('staff'), await readJsonObject(c), callerOf(c))));
  // The site's name, addresses and legal texts: owners and administrators (`site_settings`).
  app.get('/site', async (c) => c.json(await siteProfile.get()));
  app.put('/site', async (c) => {
    const { settings: saved, changed } = await siteProfile.update(c.get('staff'), await readJsonObject(c));
    c.set('audit', { entityId: 'site', detail: { changed } });
    return c.json(saved);
  });
  return app;
}
