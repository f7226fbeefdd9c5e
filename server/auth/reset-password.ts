import { nowSeconds } from '../db/database.ts';
import { revokeAllRefreshTokensOfUser } from '../db/queries/refresh-tokens.ts';
import { revokeStaffSessionsOfUser } from '../db/queries/staff-sessions.ts';
import { revokeAccessTokensOfUser, updateUserPassword } from '../db/queries/users.ts';
import type { Db } from '../db/schema.ts';

/**
 * Sets a new password (already hashed) and ends every session signed in
 * with the old one: its sessions, refresh tokens and access tokens (decision
 * 029). Given a transaction, it runs inside it, so a caller can tie the
 * change to its own writes (spending a reset link).
 */
export async function resetPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => resetPassword(trx, userId, passwordHash));
    return;
  }
  const now = nowSeconds();
  await updateUserPassword(db, userId, passwordHash);
  await revokeStaffSessionsOfUser(db, userId, now);
  await revokeAllRefreshTokensOfUser(db, userId, now);
  await revokeAccessTokensOfUser(db, userId, now);
}
