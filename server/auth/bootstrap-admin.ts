import { randomBytes } from 'node:crypto';
import { countAdministrators, createUser } from '../db/queries/users.ts';
import type { Db } from '../db/schema.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated and must be shown once. */
  generatedPassword?: string;
}

/** ADMIN_PASSWORD refused by the password policy: the start stops with one line saying why. */
export class AdminPasswordError extends Error {
  override name = 'AdminPasswordError';
}

/**
 * Creates the first administrator when none exists: ADMIN_EMAIL and
 * ADMIN_PASSWORD when given, otherwise admin@example.com and/or a random
 * password that the caller prints once. Does nothing when one exists.
 * ADMIN_PASSWORD meets the policy of every password set, checked only when
 * it is used: the estimate's dictionaries load on that first use, not at
 * every start. Run it under the first-run lock (`withFirstRunLock`): it
 * counts, then inserts.
 */
// The first account of a site is its owner (who alone manages staff and settings).
export async function ensureFirstAdministrator(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<BootstrapResult | null> {
  if ((await countAdministrators(db)) > 0) return null;
  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const problem = options.password ? await passwordProblem(options.password) : null;
  if (problem) throw new AdminPasswordError(`ADMIN_PASSWORD cannot be used: ${problem}`);
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? (generatedPassword as string);
  await createUser(db, { email, passwordHash: await hashPassword(password), role: 'owner' });
  return generatedPassword ? { email, generatedPassword } : { email };
}
