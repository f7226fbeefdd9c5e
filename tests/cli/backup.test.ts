import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
let dataDir: string;
let siteDb: string;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-backup-'));
  siteDb = path.join(dataDir, 'site.db');
  const handle = openDatabase({ sqliteFile: siteDb });
  await migrateToLatest(handle);
  await handle.destroy();
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(tsx, [`server/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** A connection like the running server's: WAL mode, open throughout. */
function openLikeTheServer(file = siteDb) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into newsletter_subscribers (email, email_normalized, subscribed_at) values (?, ?, 0)');
  let written = 0;
  return {
    db,
    subscribe: (count: number) => {
      for (let i = 0; i < count; i += 1) {
        written += 1;
        insert.run(`reader${written}@example.com`, `reader${written}@example.com`);
      }
    },
    written: () => written,
  };
}

function subscriberCount(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from newsletter_subscribers').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('npm run backup', { timeout: 30_000 }, () => {
  it('takes a consistent copy while the server keeps writing, holding every row written before it began', async () => {
    const server = openLikeTheServer();
    server.subscribe(200);
    const writes = setInterval(() => server.subscribe(20), 2);
    const out = path.join(dataDir, 'elsewhere', 'during-writes.db');
    const result = await cli('backup', ['--out', out]).finally(() => clearInterval(writes));
    const writtenAtEnd = server.written();
    server.db.close();

    expect(result).toEqual({ code: 0, stdout: `Backup written to ${out}\n`, stderr: '' });
    expect(integrityOf(out)).toBe('ok');
    const copied = subscriberCount(out);
    expect(copied).toBeGreaterThanOrEqual(200);
    expect(copied).toBeLessThanOrEqual(writtenAtEnd);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it('writes into the backups folder of DATA_DIR under a timestamped name by default', async () => {
    const result = await cli('backup', []);

    expect(result.code).toBe(0);
    const files = readdirSync(path.join(dataDir, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^site-\d{8}T\d{6}Z\.db$/);
    expect(result.stdout).toBe(`Backup written to ${path.join(dataDir, 'backups', files[0] ?? '')}\n`);
  });

  it('refuses to overwrite an existing file', async () => {
    const out = path.join(dataDir, 'taken.db');
    writeFileSync(out, 'keep me');

    expect(await cli('backup', ['--out', out])).toMatchObject({ code: 1, stderr: `${out} already exists; choose another file\n` });
    expect(readFileSync(out, 'utf8')).toBe('keep me');
  });
});

describe('npm run restore', { timeout: 30_000 }, () => {
  it('puts a backup back and keeps the replaced database aside', async () => {
    const server = openLikeTheServer();
    server.subscribe(5);
    const backup = path.join(dataDir, 'five.db');
    expect((await cli('backup', ['--out', backup])).code).toBe(0);
    server.subscribe(7);
    server.db.close();

    const result = await cli('restore', [backup]);

    expect(result.code).toBe(0);
    expect(subscriberCount(siteDb)).toBe(5);
    expect(integrityOf(siteDb)).toBe('ok');
    const replaced = readdirSync(dataDir).filter((name) => name.startsWith('site.db.replaced-'));
    expect(replaced).toHaveLength(1);
    expect(subscriberCount(path.join(dataDir, replaced[0] ?? ''))).toBe(12);
    expect(result.stdout).toContain(`The replaced database is kept as ${path.join(dataDir, replaced[0] ?? '')}.`);
  });

  it('refuses while the database is in use and changes nothing', async () => {
    const backup = path.join(dataDir, 'empty.db');
    expect((await cli('backup', ['--out', backup])).code).toBe(0);
    const server = openLikeTheServer();
    server.subscribe(3);

    const result = await cli('restore', [backup]);
    server.db.close();

    expect(result).toMatchObject({ code: 1, stderr: `${siteDb} is in use (is the server running?); stop it first\n` });
    expect(subscriberCount(siteDb)).toBe(3);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('site.db.'))).toEqual([]);
  });

  it('refuses a file that is not a database with a clear message and changes nothing', async () => {
    const server = openLikeTheServer();
    server.subscribe(4);
    server.db.close();
    const before = readFileSync(siteDb);
    const bad = path.join(dataDir, 'notes.txt');
    writeFileSync(bad, 'these are not the rows you are looking for\n'.repeat(200));

    const result = await cli('restore', [bad]);

    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${bad} is not an SQLite database (file is not a database)\n`);
    expect(readFileSync(siteDb).equals(before)).toBe(true);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('site.db.'))).toEqual([]);
  });

  it('refuses an SQLite file that is not a database of this site', async () => {
    const other = path.join(dataDir, 'other.db');
    const db = new SQLite(other);
    db.exec('create table notes (body text)');
    db.close();

    expect(await cli('restore', [other])).toMatchObject({
      code: 1,
      stderr: `${other} is not a database of this site (it has no migration history)\n`,
    });
    expect(subscriberCount(siteDb)).toBe(0);
  });
});

describe('backups on PostgreSQL', { timeout: 30_000 }, () => {
  it('both commands explain pg_dump and pg_restore and exit with an error', async () => {
    const env = { DATABASE_URL: 'postgres://showcase@127.0.0.1:1/showcase' };
    for (const [script, args] of [['backup', []], ['restore', ['some.dump']]] as const) {
      const result = await cli(script, [...args], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('pg_dump --format=custom');
      expect(result.stderr).toContain('pg_restore --clean');
    }
  });
});
