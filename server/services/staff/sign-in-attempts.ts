/**
 * The guessing limit of one account from one address, shared by the sign-in
 * (password, then code) and the re-authentication before a sensitive change:
 * a stolen session must not become a way around it. Passwords and codes are
 * counted apart: a right password must not reset the count of wrong codes,
 * or knowing it would buy five more guesses of the code each time.
 */
import { clearRateLimit, hitRateLimit } from '../../db/queries/rate-limits.ts';
import { normalizeEmail } from '../../db/queries/users.ts';
import type { AppDeps } from '../../deps.ts';
import { tooManyRequests } from '../rate-limits.ts';

/** What is being guessed: the password, or a second-step code (app or recovery). */
export type SecretKind = 'password' | 'code';

export function signInAttempts({ db, rateLimits }: Pick<AppDeps, 'db' | 'rateLimits'>, kind: SecretKind) {
  const rule = kind === 'password' ? rateLimits.loginFailuresPerAccountAndIp : rateLimits.codeFailuresPerAccountAndIp;
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

    /** A success clears the count of its own kind only. */
    clear: (email: string, clientIp: string): Promise<void> => clearRateLimit(db, rule, keyOf(email, clientIp)),
  };
}
