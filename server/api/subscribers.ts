import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { pagingQuerySchema, readJsonObject, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** POST /submissions/newsletter: the signup form. */
export function subscribersApi({ subscribers }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { id } = await subscribers.subscribe(await readJsonObject(c), callerOf(c));
    return c.json({ id, message: 'Successfully subscribed!' }, 201);
  });
  return app;
}

/** GET /admin/submissions/newsletter: the subscriber list and its total. */
export function adminSubscribersApi({ subscribers }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await subscribers.list(readQuery(c, pagingQuerySchema))));
  return app;
}
