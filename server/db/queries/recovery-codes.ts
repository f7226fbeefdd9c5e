/**
 * Two-factor recovery codes: single-use, kept only as hashes. A new set
 * replaces the old one whole.
 */
import type { Db } from '../schema.ts';

/** Replaces every recovery code of the user with `codeHashes`. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[], now: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

/**
 * Spends the user's unused code with this hash. One conditional update, so
 * of two parallel uses of one code only one finds it unused.
 */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
