/**
 * Every server of a site must hold the same keys: a server whose
 * TOTP_ENCRYPTION_KEY differs cannot open the unsubscribe links the others
 * mailed (they are sealed, not stored), and one whose JWT_SECRET differs
 * signs its callers out of the others. Each key file generated into its own
 * DATA_DIR made that silent, so the first server to start stores a
 * fingerprint of each key in the database and every later start compares
 * its own: a difference stops the start with one line naming the variable.
 *
 * The fingerprint is an HMAC-SHA-256 of a fixed label under the key: it
 * tells whether two keys are the same and nothing about either.
 */
import { createHmac } from 'node:crypto';
import { nowSeconds } from '../db/database.ts';
import { readSiteSetting, replaceSiteSetting, writeSiteSetting } from '../db/queries/site-settings.ts';
import type { Db } from '../db/schema.ts';

export type KeyVariable = 'TOTP_ENCRYPTION_KEY' | 'JWT_SECRET';

/** The keys of this server, by the variable that sets them. */
export type ServerKeys = Record<KeyVariable, Uint8Array>;

const KEY_VARIABLES: readonly KeyVariable[] = ['TOTP_ENCRYPTION_KEY', 'JWT_SECRET'];

/** Where a key's fingerprint is kept: a row of `site_settings` the back office never shows. */
export const fingerprintSettingKey = (variable: KeyVariable) => `key_fingerprint.${variable}`;

export function keyFingerprint(variable: KeyVariable, key: Uint8Array): string {
  return createHmac('sha256', key).update(`crowdfunding showcase key fingerprint v1: ${variable}`).digest('hex');
}

export class KeyMismatchError extends Error {
  override name = 'KeyMismatchError';
}

/**
 * Stores the fingerprint of each key the database has none of yet (one
 * statement each, so servers starting together on an empty database agree on
 * one), then throws when a stored one is not this server's.
 */
export async function checkKeyFingerprints(db: Db, keys: ServerKeys): Promise<void> {
  for (const variable of KEY_VARIABLES) {
    const mine = JSON.stringify(keyFingerprint(variable, keys[variable]));
    await replaceSiteSetting(db, { key: fingerprintSettingKey(variable), expected: undefined, value: mine, now: nowSeconds(), userId: null });
    const stored = await readSiteSetting(db, fingerprintSettingKey(variable));
    if (stored !== mine) {
      throw new KeyMismatchError(
        `${variable} is not the key the other servers of this database use (its fingerprint differs from the one the first server stored): ` +
          `give every server the same ${variable}, or after changing it on purpose run npm run admin -- accept-keys (docs/operations.md, Keys every server shares)`,
      );
    }
  }
}

/** After a deliberate change of keys: this server's fingerprints replace the stored ones. */
export async function acceptKeyFingerprints(db: Db, keys: ServerKeys): Promise<void> {
  for (const variable of KEY_VARIABLES) {
    await writeSiteSetting(db, { key: fingerprintSettingKey(variable), value: JSON.stringify(keyFingerprint(variable, keys[variable])), now: nowSeconds(), userId: null });
  }
}
