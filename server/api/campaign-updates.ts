/**
 * The creator's link: `GET /campaign-update/{token}` answers the campaign,
 * `PUT` takes any of pledged, backers, state and ends_at and answers the
 * campaign after it. A wrong, revoked or expired token is a 404.
 * Staff: `POST /admin/posts/{id}/campaign/update-link` issues a new link
 * (the old one stops working) and answers `{ update_url, expires_at }`;
 * `DELETE` revokes it.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readIdParam, readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

export function campaignUpdatesApi({ campaignUpdates }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/:token', async (c) => c.json(await campaignUpdates.read(c.req.param('token'), callerOf(c))));
  app.put('/:token', async (c) => {
    const token = c.req.param('token');
    return c.json(await campaignUpdates.update(token, await readJsonObject(c), callerOf(c)));
  });
  return app;
}

export function adminCreatorLinksApi({ campaignUpdates }: AppServices) {
  const app = new Hono<AppEnv>();
  app.post('/:id/campaign/update-link', async (c) => {
    const link = await campaignUpdates.reissue(readIdParam(c, 'Post'));
    return c.json({ update_url: link.url, expires_at: link.expires_at }, 201);
  });
  app.delete('/:id/campaign/update-link', async (c) => {
    await campaignUpdates.revoke(readIdParam(c, 'Post'));
    return c.body(null, 204);
  });
  return app;
}
