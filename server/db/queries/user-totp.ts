/**
 * The two-factor state kept on `users`: a secret pending until a first code
 * confirms it, the time it was enabled, and the last time step accepted.
 */
import type { Db } from '../schema.ts';

/** Keeps a new secret waiting for confirmation; never replaces one in use. */
export async function setPendingTotpSecret(db: Db, userId: number, secret: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts the pending secret in use, with the step of the code that confirmed it already spent. */
export async function enableTotp(db: Db, userId: number, secret: string, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: now, totp_last_step: step, updated_at: now })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disableTotp(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Spends a time step: succeeds only when it is later than the last one
 * accepted, in one conditional update, so a code works once even when two
 * requests present it at the same moment.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every two-factor secret stored, pending or in use (one per member of staff at most). */
export function listTotpSecrets(db: Db): Promise<{ id: number; totp_secret: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .$narrowType<{ totp_secret: string }>()
    .orderBy('id')
    .execute();
}

/** Stores `to` in place of `from`; nothing when the secret changed meanwhile. */
export async function replaceTotpSecret(db: Db, userId: number, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: to }).where('id', '=', userId).where('totp_secret', '=', from).execute();
}
