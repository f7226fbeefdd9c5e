import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readIdParam, readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** /admin/settings/campaign-fetching: the owner's switch for reading campaign pages (the `settings` permission). */
export function adminCampaignFetchingApi({ campaignRefresh }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await campaignRefresh.settings()));
  app.put('/', async (c) => c.json(await campaignRefresh.updateSettings(c.get('staff'), await readJsonObject(c), callerOf(c))));
  return app;
}

/** /admin/campaign-preview: a campaign page's title, image and description, for the post editor. */
export function adminCampaignPreviewApi({ campaignRefresh }: AppServices) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => c.json(await campaignRefresh.preview(await readJsonObject(c))));
  return app;
}

/**
 * /admin/posts/{id}/campaign/refresh: "Refresh now", answered once the
 * refresh is queued; its GET says whether refreshes are on at all, so the
 * editor offers the button only when a press can do something (the switch
 * itself is the owner's, behind the `settings` permission).
 */
export function adminCampaignRefreshApi({ campaignRefresh }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/:id/campaign/refresh', async (c) => {
    readIdParam(c, 'Post');
    return c.json(await campaignRefresh.settings());
  });
  app.post('/:id/campaign/refresh', async (c) => c.json(await campaignRefresh.refreshNow(readIdParam(c, 'Post')), 202));
  return app;
}
