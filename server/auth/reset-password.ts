import type { Kysely } from 'kysely';
import { nowSeconds } from '../db/database.ts';
import { revokeAllRefreshTokensOfUser } from '../db/queries/refresh-tokens.ts';
import { revokeAccessTokensOfUser, updateUserPassword } from '../db/queries/users.ts';
import type { Database } from '../db/schema.ts';

/**
 * Sets a new password (already hashed) and ends every session signed in
 * with the old one: its refresh tokens and its access tokens (decision 029).
 */
export async function resetPassword(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowSeconds();
    await updateUserPassword(trx, userId, passwordHash);
    await revokeAllRefreshTokensOfUser(trx, userId, now);
    await revokeAccessTokensOfUser(trx, userId, now);
  });
}
