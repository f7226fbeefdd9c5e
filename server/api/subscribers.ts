import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { pagingQuerySchema, readJsonObject, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** POST /submissions/newsletter: the signup form. */
export function subscribersApi({ subscribers }: AppServices, callerOf: CallerOf, publicUrl: string | undefined) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const siteUrl = new URL(publicUrl ?? c.req.url).origin;
    const { id, status } = await subscribers.subscribe(await readJsonObject(c), callerOf(c), { siteUrl, path: c.req.path });
    // `status` says whether the address waits for its confirmation link.
    return c.json({ id, status, message: 'Successfully subscribed!' }, 201);
  });
  return app;
}

/** GET /admin/submissions/newsletter: the subscriber list and its total. */
export function adminSubscribersApi({ subscribers }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await subscribers.list(readQuery(c, pagingQuerySchema))));
  return app;
}
