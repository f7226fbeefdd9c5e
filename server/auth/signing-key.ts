import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, makeFilePrivate } from '../private-files.ts';

const KEY_FILE = 'jwt-secret';

/**
 * The HMAC key for access and id tokens: JWT_SECRET when given, otherwise a
 * random key generated once and kept in DATA_DIR (owner-only), so tokens
 * survive restarts without any setup. Several servers must share JWT_SECRET.
 */
export function loadSigningKey(jwtSecret: string | undefined, dataDir: string): Uint8Array {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret);
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    // Kept from a version that wrote it readable to others.
    makeFilePrivate(file);
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file first; then use theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return new TextEncoder().encode(secret);
  } catch {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  }
}
