/**
 * Signing in to the back office: login with its rate limits, token refresh
 * and logout (SPEC.md section 7).
 */
import { DomainError } from '../../common/errors.ts';
import { loginSchema, refreshSchema } from '../../common/schemas/auth.ts';
import { validate } from '../../common/validate.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { endSession, refreshSession, startSession, type Session } from '../auth/tokens.ts';
import { clearRateLimit, hitRateLimit } from '../db/queries/rate-limits.ts';
import { findUserByEmail, normalizeEmail } from '../db/queries/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from './caller.ts';
import { enforceRateLimit, tooManyRequests } from './rate-limits.ts';

export function authService(deps: AppDeps) {
  const { db, signingKey, rateLimits } = deps;
  return {
    /**
     * Every attempt is counted against the account before its password is
     * checked, in one atomic increment shared by every server: parallel
     * guesses cannot all slip in under the limit while the first ones are
     * still being verified. A success clears the count.
     */
    async login(values: unknown, caller: Caller): Promise<Session> {
      const { email, password } = validate(loginSchema, values);
      await enforceRateLimit(db, rateLimits.loginPerIp, caller.clientIp);
      const accountKey = `${normalizeEmail(email)}|${caller.clientIp}`;
      const attempts = await hitRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
      if (!attempts.allowed) throw tooManyRequests(attempts);

      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) throw new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');
      await clearRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
      return startSession(db, signingKey, user);
    },

    async refresh(values: unknown): Promise<Session> {
      const { refresh_token } = validate(refreshSchema, values);
      return refreshSession(db, signingKey, refresh_token);
    },

    async logout(values: unknown): Promise<void> {
      const { refresh_token } = validate(refreshSchema, values);
      await endSession(db, refresh_token);
    },
  };
}
