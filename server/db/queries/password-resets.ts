/**
 * Password-reset links: stored by their token's hash, found by that hash,
 * and spent at most once.
 */
import type { Db, PasswordResetRow, UserRole } from '../schema.ts';

export async function insertPasswordReset(
  db: Db,
  reset: { userId: number; tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, token_hash: reset.tokenHash, created_at: reset.now, expires_at: reset.expiresAt, used_at: null })
    .execute();
}

/** A link with the account it resets, whatever its state (the caller tells expired from used). */
export type PasswordResetWithUser = PasswordResetRow & { email: string; role: UserRole };

export function findPasswordReset(db: Db, tokenHash: string): Promise<PasswordResetWithUser | undefined> {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .selectAll('password_resets')
    .select(['users.email', 'users.role'])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the link used if it still works at `now`, in one conditional update:
 * of two requests with the same link, only one sees `true`.
 */
export async function claimPasswordReset(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every unused link of the account: they were asked for the password that just changed. */
export async function spendPasswordResetsOfUser(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
