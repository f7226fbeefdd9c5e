import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintSettingKey, keyFingerprint } from '../../server/auth/key-fingerprints.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { totpKeyFromText } from '../../server/auth/totp-encryption-key.ts';
import { openDatabase } from '../../server/db/database.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-cli-'));
const tsx = path.resolve('node_modules/.bin/tsx');

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function admin(args: string[], password?: string, keys: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', ...keys };
  if (password === undefined) delete env.ADMIN_PASSWORD;
  else env.ADMIN_PASSWORD = password;
  try {
    const { stdout, stderr } = await run(tsx, ['server/cli/admin.ts', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function storedUser(email: string) {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
  try {
    return await handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  } finally {
    await handle.destroy();
  }
}

// Each case starts the CLI in a new process: allow for a busy machine.
describe('npm run admin', { timeout: 30_000 }, () => {
  it('creates the owner with the password from ADMIN_PASSWORD when the site has none, then administrators', async () => {
    const result = await admin(['create', '--email', 'editor@example.com'], 'first secret');

    expect(result).toMatchObject({ code: 0, stdout: 'Owner editor@example.com created.\n' });
    const user = await storedUser('editor@example.com');
    expect(user?.role).toBe('owner');
    const second = await admin(['create', '--email', 'second@example.com'], 'second owner secret');
    expect(second).toMatchObject({ code: 0, stdout: 'Administrator second@example.com created.\n' });
    expect((await storedUser('second@example.com'))?.role).toBe('admin');
    expect(await verifyPassword(user?.password_hash ?? '', 'first secret')).toBe(true);
  });

  it('refuses to create an account that already exists', async () => {
    const result = await admin(['create', '--email', 'editor@example.com'], 'another secret');

    expect(result.code).toBe(1);
    expect(result.stderr).toBe('An account for editor@example.com already exists; use reset-password.\n');
    const user = await storedUser('editor@example.com');
    expect(await verifyPassword(user?.password_hash ?? '', 'first secret')).toBe(true);
  });

  it('resets the password of an existing administrator', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await admin(['reset-password', '--email', 'editor@example.com'], 'second secret');

    expect(result.code).toBe(0);
    const user = await storedUser('editor@example.com');
    expect(await verifyPassword(user?.password_hash ?? '', 'second secret')).toBe(true);
    // Access tokens issued until now are refused (decision 029).
    expect(Number(user?.tokens_valid_after)).toBeGreaterThan(before);
  });

  it('reads the password from standard input when ADMIN_PASSWORD is not set', async () => {
    const child = execFile(tsx, ['server/cli/admin.ts', 'create', '--email', 'piped@example.com'], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: '', DATABASE_URL: '' },
    });
    child.stdin?.end('piped long secret\n');
    const code = await new Promise((resolve) => child.on('exit', resolve));

    expect(code).toBe(0);
    const user = await storedUser('piped@example.com');
    expect(await verifyPassword(user?.password_hash ?? '', 'piped long secret')).toBe(true);
  });

  it('refuses a short or common password, a bad e-mail and an unknown command without touching the database', async () => {
    expect(await admin(['create', '--email', 'short@example.com'], 'eleven-char')).toMatchObject({
      code: 1,
      stderr: 'Invalid configuration: ADMIN_PASSWORD must be at least 12 characters\n',
    });
    expect(await admin(['create', '--email', 'short@example.com'], 'password1234')).toMatchObject({
      code: 1,
      stderr: 'This password is one of the most common passwords. Please choose another.\n',
    });
    expect(await admin(['create', '--email', 'not-an-address'], 'long enough')).toMatchObject({
      code: 1,
      stderr: '--email: Email must contain an @ symbol\n',
    });
    expect((await admin(['promote', '--email', 'x@example.com'], 'long enough')).code).toBe(1);
    expect(await storedUser('short@example.com')).toBeUndefined();
  });

  it('accept-keys makes the keys of its environment the ones every server of the database must hold', async () => {
    const rotated = { TOTP_ENCRYPTION_KEY: 'd'.repeat(64), JWT_SECRET: 'a-rotated-signing-secret-0123456789abcdef' };

    expect(await admin(['accept-keys'], undefined, rotated)).toMatchObject({ code: 0 });

    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
    try {
      const stored = await handle.db.selectFrom('site_settings').select(['key', 'value']).where('key', 'like', 'key_fingerprint.%').execute();
      expect(Object.fromEntries(stored.map((row) => [row.key, row.value]))).toEqual({
        [fingerprintSettingKey('TOTP_ENCRYPTION_KEY')]: JSON.stringify(keyFingerprint('TOTP_ENCRYPTION_KEY', totpKeyFromText(rotated.TOTP_ENCRYPTION_KEY))),
        [fingerprintSettingKey('JWT_SECRET')]: JSON.stringify(keyFingerprint('JWT_SECRET', new TextEncoder().encode(rotated.JWT_SECRET))),
      });
    } finally {
      await handle.destroy();
    }
  });
});
