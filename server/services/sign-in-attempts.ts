/**
 * The guessing limit of one account from one address, shared by the sign-in
 * (password, then code) and the re-authentication before a sensitive change:
 * a stolen session must not become a way around it.
 */
import { clearRateLimit, hitRateLimit } from '../db/queries/rate-limits.ts';
import { normalizeEmail } from '../db/queries/users.ts';
import type { AppDeps } from '../deps.ts';
import { tooManyRequests } from './rate-limits.ts';

export function signInAttempts({ db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>) {
  const rule = rateLimits.loginFailuresPerAccountAndIp;
  const keyOf = (email: string, clientIp: string) => `${normalizeEmail(email)}|${clientIp}`;

  return {
    /**
     * Counts an attempt before its secret is checked, in one atomic increment
     * shared by every server, so parallel guesses cannot all slip in under the
     * limit while the first ones are still being verified. Refuses one over it.
     */
    async count(email: string, clientIp: string): Promise<void> {
      const attempts = await hitRateLimit(db, rule, keyOf(email, clientIp));
      if (!attempts.allowed) throw tooManyRequests(attempts);
    },

    /** A success clears the count. */
    clear: (email: string, clientIp: string): Promise<void> => clearRateLimit(db, rule, keyOf(email, clientIp)),
  };
}
