/**
 * DATA_DIR holds the database, the generated signing key and uploads: only
 * the server's user may read them (DATA_DIR and its folders 0700, files 0600),
 * whatever modes SQLite or the umask would give them.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { backupSqliteDatabase, restoreSqliteDatabase } from '../../server/db/sqlite-backup.ts';
import { startRuntime, SQLITE_FILE_NAME, type Runtime } from '../../server/runtime.ts';
import { LocalDriver } from '../../server/storage/local.ts';

const isPosix = process.platform !== 'win32';
const mode = (file: string) => statSync(file).mode & 0o777;

let parent: string;
let dataDir: string;
let runtime: Runtime | undefined;

beforeEach(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'showcase-modes-'));
  // Not there yet: the server creates it.
  dataDir = path.join(parent, 'data');
});

afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  rmSync(parent, { recursive: true, force: true });
});

const start = async () => {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'correct horse battery',
  });
  runtime = await startRuntime(config, pino({ level: 'silent' }));
  return runtime;
};

describe.runIf(isPosix)('DATA_DIR permissions', () => {
  it('creates DATA_DIR 0700, and the database, its WAL files and the signing key 0600', async () => {
    await start();
    expect(mode(dataDir)).toBe(0o700);
    const db = path.join(dataDir, SQLITE_FILE_NAME);
    expect(mode(db)).toBe(0o600);
    // Open while the server runs, created by SQLite with the database's mode.
    expect(mode(`${db}-wal`)).toBe(0o600);
    expect(mode(`${db}-shm`)).toBe(0o600);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
      expect(mode(path.join(dataDir, entry.name)), entry.name).toBe(entry.isDirectory() ? 0o700 : 0o600);
    }
  });

  it('narrows an existing DATA_DIR, database and signing key that others could read', async () => {
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    await start();
    await runtime?.close();
    runtime = undefined;
    const db = path.join(dataDir, SQLITE_FILE_NAME);
    chmodSync(dataDir, 0o755);
    chmodSync(db, 0o644);
    chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);

    await start();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(db)).toBe(0o600);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('keeps uploads, their folders and temporary files owner-only', async () => {
    const driver = new LocalDriver({ dataDir, tokenKey: new Uint8Array(32), ttlSeconds: 60 });
    await driver.write('uploads/2026/11/resized.png', new Uint8Array([1, 2, 3]));
    const received = await driver.receive(new Blob([new Uint8Array([4, 5, 6])]).stream(), 1024);
    expect(mode(received.tempPath)).toBe(0o600);
    await driver.placeReceived(received, 'uploads/2026/12/original.png');
    await driver.discard(received);

    for (const dir of [dataDir, 'uploads', 'uploads/.incoming', 'uploads/2026', 'uploads/2026/11', 'uploads/2026/12']) {
      expect(mode(path.resolve(dataDir, dir)), dir).toBe(0o700);
    }
    expect(mode(driver.pathOf('uploads/2026/11/resized.png'))).toBe(0o600);
    expect(mode(driver.pathOf('uploads/2026/12/original.png'))).toBe(0o600);
  });

  it('writes backups and restored databases 0600', async () => {
    await start();
    const db = path.join(dataDir, SQLITE_FILE_NAME);
    const backup = path.join(dataDir, 'backups', 'site-test.db');
    backupSqliteDatabase(db, backup);
    expect(mode(path.dirname(backup))).toBe(0o700);
    expect(mode(backup)).toBe(0o600);

    await runtime?.close();
    runtime = undefined;
    const target = path.join(parent, 'restored', SQLITE_FILE_NAME);
    restoreSqliteDatabase(backup, target);
    expect(mode(target)).toBe(0o600);
  });
});
