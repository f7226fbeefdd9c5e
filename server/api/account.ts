import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readJsonObject, readTextParam } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/**
 * /admin/account: the signed-in member of staff's own account (name and
 * address, password, two-factor, sessions). Open to every role, and to an account the owner
 * requires two-factor of before it is set up.
 */
export function adminAccountApi({ account, twoFactor }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();

  app.put('/profile', async (c) => c.json(await account.updateProfile(c.get('staff'), await readJsonObject(c), callerOf(c))));

  app.post('/password', async (c) => {
    await account.changePassword(c.get('staff'), await readJsonObject(c), callerOf(c));
    return c.body(null, 204);
  });

  app.post('/totp/setup', async (c) => c.json(await twoFactor.setup(c.get('staff'))));
  app.post('/totp/enable', async (c) => c.json(await twoFactor.enable(c.get('staff'), await readJsonObject(c), callerOf(c))));
  app.post('/totp/disable', async (c) => {
    await twoFactor.disable(c.get('staff'), await readJsonObject(c), callerOf(c));
    return c.body(null, 204);
  });
  app.post('/recovery-codes', async (c) =>
    c.json(await twoFactor.regenerateRecoveryCodes(c.get('staff'), await readJsonObject(c), callerOf(c))),
  );

  app.get('/sessions', async (c) => c.json(await account.sessions(c.get('staff'))));
  app.post('/sessions/revoke-others', async (c) => {
    await account.revokeOtherSessions(c.get('staff'), callerOf(c));
    return c.body(null, 204);
  });
  app.delete('/sessions/:id', async (c) => {
    await account.revokeSession(c.get('staff'), readTextParam(c, 'id', 'session'), callerOf(c));
    return c.body(null, 204);
  });
  return app;
}

/**
 * /account: what a confirmation mail's link does, signed out or in (it may
 * be opened in another browser): the token alone proves the change.
 */
export function accountLinksApi({ account }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/confirm-email', async (c) => c.json(await account.confirmEmail(await readJsonObject(c), callerOf(c))));
  return app;
}
