/**
 * Servers of one database must share their keys: the first start stores a
 * fingerprint of TOTP_ENCRYPTION_KEY and JWT_SECRET, and a later start with
 * another key stops with one line naming the variable, before serving.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptKeyFingerprints, fingerprintSettingKey, keyFingerprint } from '../../server/auth/key-fingerprints.ts';
import { loadSigningKey } from '../../server/auth/signing-key.ts';
import { TOTP_KEY_FILE, totpKeyFromText } from '../../server/auth/totp-encryption-key.ts';
import { parseConfig } from '../../server/config.ts';
import { readSiteSetting } from '../../server/db/queries/site-settings.ts';
import { startRuntime, type Runtime } from '../../server/runtime.ts';

const FIRST_TOTP_KEY = 'a'.repeat(64);
const FIRST_JWT_SECRET = 'the-first-servers-signing-secret-0123456789';

let dataDir: string;
let runtime: Runtime | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-key-fingerprints-'));
});

afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(keys: { TOTP_ENCRYPTION_KEY?: string; JWT_SECRET?: string }): Promise<Runtime> {
  await runtime?.close();
  runtime = undefined;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'correct horse battery',
    ...keys,
  });
  runtime = await startRuntime(config, pino({ level: 'silent' }));
  return runtime;
}

// Each test starts whole runtimes (migrations, the first owner's password hash):
// room for a busy machine, a bound on the run and not on the server's speed.
describe('the keys of the servers of one database', { timeout: 30_000 }, () => {
  it('stores a fingerprint of each key that is neither the key nor its plain hash, and starts again with the same keys', async () => {
    const first = await start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: FIRST_JWT_SECRET });
    const stored = await readSiteSetting(first.deps.db, fingerprintSettingKey('TOTP_ENCRYPTION_KEY'));
    expect(stored).toBe(JSON.stringify(keyFingerprint('TOTP_ENCRYPTION_KEY', totpKeyFromText(FIRST_TOTP_KEY))));
    expect(stored).not.toContain(FIRST_TOTP_KEY);
    expect(await readSiteSetting(first.deps.db, fingerprintSettingKey('JWT_SECRET'))).not.toContain(FIRST_JWT_SECRET);

    await expect(start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: FIRST_JWT_SECRET })).resolves.toBeDefined();
  });

  it('refuses a server whose TOTP_ENCRYPTION_KEY is not the first one, with one line naming it', async () => {
    await start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: FIRST_JWT_SECRET });

    const refused = start({ TOTP_ENCRYPTION_KEY: 'b'.repeat(64), JWT_SECRET: FIRST_JWT_SECRET });

    await expect(refused).rejects.toThrow(/^TOTP_ENCRYPTION_KEY is not the key the other servers of this database use[^\n]*accept-keys/);
  });

  it('refuses a server that generated a key file of its own', async () => {
    // The first server's generated key, and a second whose DATA_DIR holds another one.
    await start({ JWT_SECRET: FIRST_JWT_SECRET });
    rmSync(path.join(dataDir, TOTP_KEY_FILE));

    await expect(start({ JWT_SECRET: FIRST_JWT_SECRET })).rejects.toThrow(/^TOTP_ENCRYPTION_KEY is not the key/);
  });

  it('refuses a server whose JWT_SECRET is not the first one', async () => {
    await start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY });
    const generated = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();

    await expect(start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: `not-${generated}` })).rejects.toThrow(/^JWT_SECRET is not the key/);
    await expect(start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: generated })).resolves.toBeDefined();
  });

  it('starts with new keys once their fingerprints were accepted', async () => {
    const first = await start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: FIRST_JWT_SECRET });
    const rotated = { TOTP_ENCRYPTION_KEY: 'c'.repeat(64), JWT_SECRET: 'a-rotated-signing-secret-0123456789abcdef' };
    await acceptKeyFingerprints(first.deps.db, {
      TOTP_ENCRYPTION_KEY: totpKeyFromText(rotated.TOTP_ENCRYPTION_KEY),
      JWT_SECRET: loadSigningKey(rotated.JWT_SECRET, dataDir),
    });

    await expect(start(rotated)).resolves.toBeDefined();
    await expect(start({ TOTP_ENCRYPTION_KEY: FIRST_TOTP_KEY, JWT_SECRET: FIRST_JWT_SECRET })).rejects.toThrow(/^TOTP_ENCRYPTION_KEY is not the key/);
  });
});
