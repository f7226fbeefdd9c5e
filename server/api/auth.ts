import { Hono } from 'hono';
import { loginSchema, refreshSchema } from '../../app/lib/schemas/auth.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { endSession, refreshSession, startSession } from '../auth/tokens.ts';
import { findUserByEmail, normalizeEmail } from '../db/queries/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError } from '../http/errors.ts';
import { readJson } from '../http/input.ts';
import { clearRateLimit, hitRateLimit, peekRateLimit, tooManyRequests } from '../http/rate-limit.ts';

/** POST /auth/login | refresh | logout (SPEC.md section 7). */
export function authApi(deps: AppDeps) {
  const { db, signingKey, rateLimits } = deps;
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    const { email, password } = await readJson(c, loginSchema);
    const ip = clientIp(c, deps.config.TRUST_PROXY);
    const perIp = await hitRateLimit(db, rateLimits.loginPerIp, ip);
    if (!perIp.allowed) throw tooManyRequests(perIp);
    const accountKey = `${normalizeEmail(email)}|${ip}`;
    const failures = await peekRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
    if (!failures.allowed) throw tooManyRequests(failures);

    const user = await findUserByEmail(db, email);
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!user || !valid) {
      await hitRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
      throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    }
    await clearRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
    return c.json(await startSession(db, signingKey, user));
  });

  app.post('/refresh', async (c) => {
    const { refresh_token } = await readJson(c, refreshSchema);
    return c.json(await refreshSession(db, signingKey, refresh_token));
  });

  app.post('/logout', async (c) => {
    const { refresh_token } = await readJson(c, refreshSchema);
    await endSession(db, refresh_token);
    return c.body(null, 204);
  });

  return app;
}
