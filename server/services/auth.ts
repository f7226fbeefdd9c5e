/**
 * Signing in to the back office: login with its rate limits, token refresh
 * and logout (SPEC.md section 7).
 */
import { DomainError } from '../../common/errors.ts';
import { loginSchema, refreshSchema } from '../../common/schemas/auth.ts';
import { validate } from '../../common/validate.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { endSession, refreshSession, startSession, type Session } from '../auth/tokens.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../db/queries/rate-limits.ts';
import type { AuditLogService } from './audit-log.ts';
import { findUserByEmail, normalizeEmail } from '../db/queries/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from './caller.ts';
import { enforceRateLimit, tooManyRequests } from './rate-limits.ts';

const deviceOf = (caller: Caller) => ({ ipAddress: caller.clientIp, userAgent: caller.userAgent ?? '' });

export function authService(deps: AppDeps, audit: AuditLogService) {
  const { db, signingKey, rateLimits } = deps;
  const slowdown = rateLimits.loginSlowdown;
  const slowdownRule = { name: slowdown.name, max: slowdown.afterFailures, windowSeconds: slowdown.windowSeconds };

  /**
   * Past a number of failures for the account from any address, every
   * attempt waits before its password is checked: guessing spread over many
   * addresses slows to a crawl, and nobody is locked out.
   */
  async function slowDownGuessing(account: string): Promise<void> {
    const failures = await peekRateLimit(db, slowdownRule, account);
    const over = failures.count - slowdown.afterFailures;
    if (over < 0) return;
    await sleep(Math.min(slowdown.baseMs * 2 ** Math.min(over, 16), slowdown.maxMs));
  }

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
      await slowDownGuessing(normalizeEmail(email));

      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await hitRateLimit(db, slowdownRule, normalizeEmail(email));
        // The typed address is kept only when it names an account: a password
        // typed into the e-mail field must not land in the log.
        await audit.record({
          userId: user?.id ?? null,
          userEmail: user?.email ?? null,
          ipAddress: caller.clientIp,
          action: 'auth.login_failed',
          entity: 'user',
          entityId: user?.id ?? null,
          detail: user ? null : { reason: 'unknown account' },
        });
        throw new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      await clearRateLimit(db, rateLimits.loginFailuresPerAccountAndIp, accountKey);
      await clearRateLimit(db, slowdownRule, normalizeEmail(email));
      const { session_id: sessionId, ...session } = await startSession(db, signingKey, user, deviceOf(caller));
      await audit.record({
        userId: user.id,
        userEmail: user.email,
        ipAddress: caller.clientIp,
        action: 'auth.login',
        entity: 'session',
        entityId: sessionId,
      });
      return session;
    },

    async refresh(values: unknown, caller: Caller): Promise<Session> {
      const { refresh_token } = validate(refreshSchema, values);
      return refreshSession(db, signingKey, refresh_token, deviceOf(caller));
    },

    async logout(values: unknown): Promise<void> {
      const { refresh_token } = validate(refreshSchema, values);
      await endSession(db, refresh_token);
    },
  };
}
