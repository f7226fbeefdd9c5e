/**
 * The key of secrets at rest: read from TOTP_ENCRYPTION_KEY in each of its
 * accepted forms, otherwise generated once into DATA_DIR (0600) and reused,
 * never replaced when damaged; and the sealing built on it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sealerFor } from '../../server/auth/sealing.ts';
import { loadTotpEncryptionKey, TOTP_KEY_FILE, TotpKeyFileError, totpKeyFromText } from '../../server/auth/totp-encryption-key.ts';
import { parseConfig } from '../../server/config.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'totp-key-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  const key = randomBytes(32);

  it('reads 64 hex digits and base64 (either alphabet) as the 32 bytes they write out', () => {
    expect(Buffer.from(totpKeyFromText(key.toString('hex')))).toEqual(key);
    expect(Buffer.from(totpKeyFromText(key.toString('base64')))).toEqual(key);
    expect(Buffer.from(totpKeyFromText(key.toString('base64url')))).toEqual(key);
  });

  it('hashes any other text into a 32-byte key, the same each time', () => {
    const passphrase = 'a long passphrase that is not a key';
    const derived = totpKeyFromText(passphrase);
    expect(derived).toHaveLength(32);
    expect(totpKeyFromText(passphrase)).toEqual(derived);
    expect(totpKeyFromText(`${passphrase}!`)).not.toEqual(derived);
  });

  it('is taken as it is configured, and no key file is written then', () => {
    const dataDir = freshDir();
    const config = parseConfig({ NODE_ENV: 'test', TOTP_ENCRYPTION_KEY: key.toString('hex'), DATA_DIR: dataDir });
    expect(Buffer.from(loadTotpEncryptionKey(config.TOTP_ENCRYPTION_KEY, dataDir))).toEqual(key);
    expect(() => statSync(path.join(dataDir, TOTP_KEY_FILE))).toThrow();
  });
});

describe('the key file in DATA_DIR', () => {
  it('is generated once, owner-only, and reused by the next start', () => {
    const dataDir = freshDir();
    const first = loadTotpEncryptionKey(undefined, dataDir);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dataDir, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadTotpEncryptionKey(undefined, dataDir)).toEqual(first);
    expect(loadTotpEncryptionKey(undefined, freshDir())).not.toEqual(first);
  });

  it('is never replaced when damaged: the start stops instead', () => {
    const dataDir = freshDir();
    loadTotpEncryptionKey(undefined, dataDir);
    const file = path.join(dataDir, TOTP_KEY_FILE);
    writeFileSync(file, 'short\n');
    expect(() => loadTotpEncryptionKey(undefined, dataDir)).toThrow(TotpKeyFileError);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });
});

describe('sealing', () => {
  const key = randomBytes(32);

  it('opens only with the same key, purpose and owner', () => {
    const sealer = sealerFor(key, 'two-factor secrets');
    const sealed = sealer.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(sealer.open(sealed, 'user:2')).toBeNull();
    expect(sealerFor(key, 'unsubscribe links').open(sealed, 'user:1')).toBeNull();
    expect(sealerFor(randomBytes(32), 'two-factor secrets').open(sealed, 'user:1')).toBeNull();
    expect(sealer.open('JBSWY3DPEHPK3PXP', 'user:1')).toBeNull();
    expect(sealer.open('v1.AAAA', 'user:1')).toBeNull();
  });

  it('seals the same text differently each time', () => {
    const sealer = sealerFor(key, 'two-factor secrets');
    expect(sealer.seal('same', 'user:1')).not.toBe(sealer.seal('same', 'user:1'));
  });
});
