import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';
import type { CallerOf } from '../http/client-ip.ts';

/** POST /auth/login | refresh | logout (SPEC.md section 7). */
export function authApi({ auth }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/login', async (c) => c.json(await auth.login(await readJsonObject(c), callerOf(c))));
  app.post('/refresh', async (c) => c.json(await auth.refresh(await readJsonObject(c), callerOf(c))));
  app.post('/logout', async (c) => {
    await auth.logout(await readJsonObject(c));
    return c.body(null, 204);
  });
  return app;
}
