import type { Db, RefreshTokenRow } from '../schema.ts';

export function insertRefreshToken(
  db: Db,
  token: { userId: number; tokenHash: string; familyId: string; expiresAt: number; now: number },
): Promise<unknown> {
  return db
    .insertInto('refresh_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      family_id: token.familyId,
      expires_at: token.expiresAt,
      created_at: token.now,
      rotated_at: null,
      revoked_at: null,
    })
    .execute();
}

export function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used; returns false when another request rotated it first. */
export async function markRefreshTokenRotated(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshTokenFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllRefreshTokensOfUser(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Drops tokens that can no longer be used by anyone. */
export async function deleteExpiredRefreshTokens(db: Db, now: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
}
