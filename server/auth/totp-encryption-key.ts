/**
 * The key of the secrets kept at rest in the database: the two-factor
 * secrets of staff and the subscribers' unsubscribe links (each sealed with a
 * key of its own derived from it, `sealing.ts`). Never derived from the
 * signing key: changing JWT_SECRET logs everyone out, and must not also lock
 * out every account with two-factor or void the links in sent newsletters.
 *
 * TOTP_ENCRYPTION_KEY when given; otherwise a random key generated once and
 * kept in DATA_DIR (owner-only), as the signing key is. Every server of a
 * fleet must use the same key: set TOTP_ENCRYPTION_KEY on all, or share the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, makeFilePrivate } from '../private-files.ts';

export const TOTP_KEY_FILE = 'totp-key';
const KEY_BYTES = 32;

/**
 * The 32 bytes a configured key stands for: 64 hex digits or 43-44 base64
 * characters are a random key written out; any other text (at least 32
 * characters, as configuration checks) is a passphrase, hashed into one.
 */
export function totpKeyFromText(text: string): Uint8Array {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return new Uint8Array(Buffer.from(value, 'hex'));
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === KEY_BYTES) return new Uint8Array(bytes);
  }
  return new Uint8Array(createHash('sha256').update(value, 'utf8').digest());
}

export class TotpKeyFileError extends Error {
  override name = 'TotpKeyFileError';
}

export function loadTotpEncryptionKey(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return totpKeyFromText(configured);
  const file = path.join(dataDir, TOTP_KEY_FILE);
  if (existsSync(file)) return readKeyFile(file);
  ensurePrivateDir(dataDir);
  // 'wx' fails if another process created the file first; then use theirs.
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

/**
 * A damaged file is never replaced: a new key would leave every sealed
 * secret unreadable, so the start stops and says why instead.
 */
function readKeyFile(file: string): Uint8Array {
  makeFilePrivate(file);
  const bytes = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (bytes.length !== KEY_BYTES) {
    throw new TotpKeyFileError(
      `${TOTP_KEY_FILE} in DATA_DIR does not hold a ${KEY_BYTES}-byte key; restore it from a backup or set TOTP_ENCRYPTION_KEY`,
    );
  }
  return new Uint8Array(bytes);
}
