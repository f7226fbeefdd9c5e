/**
 * A signed-in member of staff proving it is still them before a sensitive
 * change (password, two-factor): the same guessing limits as the sign-in,
 * since a stolen session must not become a way to test passwords or codes.
 * Wrong answers are input errors (400), not 401s: the session itself is fine.
 */
import { DomainError } from '../../../common/errors.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { totpStepOf } from '../../auth/totp.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { Caller } from '../../auth/caller.ts';
import { signInAttempts, type SecretKind } from './sign-in-attempts.ts';

export const WRONG_PASSWORD = 'Current password is incorrect';
export const WRONG_CODE = 'Invalid authentication code';

export function reauthentication(deps: Pick<AppDeps, 'db' | 'rateLimits'>) {
  const attemptsOf = { password: signInAttempts(deps, 'password'), code: signInAttempts(deps, 'code') };

  /** Counts the attempt first, so parallel guesses cannot slip under the limit; a success clears it. */
  async function attempt<T>(
    kind: SecretKind,
    user: UserRow,
    caller: Caller,
    check: () => Promise<T | null>,
    refusal: () => DomainError,
  ): Promise<T> {
    const attempts = attemptsOf[kind];
    await attempts.count(user.email, caller.clientIp);
    const passed = await check();
    if (passed === null) throw refusal();
    await attempts.clear(user.email, caller.clientIp);
    return passed;
  }

  return {
    async checkPassword(user: UserRow, password: string, caller: Caller, field = 'current_password'): Promise<void> {
      await attempt(
        'password',
        user,
        caller,
        async () => ((await verifyPassword(user.password_hash, password)) ? true : null),
        () => new DomainError('INVALID_CREDENTIALS', WRONG_PASSWORD, { kind: 'invalid', fieldErrors: { [field]: WRONG_PASSWORD } }),
      );
    },

    /** Checks a code of `secret` and returns its time step (not spent here). */
    checkCode(user: UserRow, secret: string, code: string, caller: Caller): Promise<number> {
      return attempt(
        'code',
        user,
        caller,
        async () => totpStepOf(secret, code),
        () => new DomainError('INVALID_CODE', WRONG_CODE, { kind: 'invalid', fieldErrors: { code: WRONG_CODE } }),
      );
    },
  };
}
