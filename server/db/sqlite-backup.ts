/**
 * Online backups of the SQLite database and putting one back
 * (docs/decisions/014-sqlite-backups.md). PostgreSQL has its own tools
 * (pg_dump, pg_restore); see docs/operations.md.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeFilePrivate, PRIVATE_DIR_MODE } from '../private-files.ts';

/** A problem an operator can fix; the CLIs print its message as it is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** `20261122T013000Z`: sorts by time, safe in file names. */
export function backupTimestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
}

/**
 * Copies the live database into `target` with `VACUUM INTO`: one read
 * transaction, so the copy is the state at one instant, and in WAL mode it
 * neither blocks the server's writes nor is restarted by them. The copy is
 * written under a temporary name and renamed when complete and checked.
 */
export function backupSqliteDatabase(source: string, target: string): void {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose another file`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  // A copy of the database: as private as the database itself.
  makeFilePrivate(partial);
  try {
    checkSqliteBackup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, target);
}

/** Throws a BackupError saying what is wrong when `file` is not a sound backup of this site. */
export function checkSqliteBackup(file: string): void {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw new BackupError(`${file} is not an SQLite database (${error instanceof Error ? error.message : String(error)})`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(`${file} failed the integrity check: ${problems.slice(0, 3).join('; ')}`);
    }
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new BackupError(`${file} is not a database of this site (it has no migration history)`);
  } finally {
    db.close();
  }
}

/** True when another connection (a running server) has the database open. */
function isDatabaseInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    // An open WAL connection anywhere holds a shared lock that an exclusive
    // locking mode cannot get past, even while that connection is idle.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  /** Where the replaced database was moved; null when there was none. */
  replacedFile: string | null;
}

/**
 * Puts `backup` in place of `target`, after checking it. Refuses while the
 * database is in use. The replaced database is kept beside it, checkpointed
 * into one file, as `<target>.replaced-<timestamp>`.
 */
export function restoreSqliteDatabase(backup: string, target: string, now = new Date()): RestoreResult {
  checkSqliteBackup(backup);
  const hasCurrent = existsSync(target);
  if (hasCurrent && isDatabaseInUse(target)) {
    throw new BackupError(`${target} is in use (is the server running?); stop it first`);
  }
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true, mode: PRIVATE_DIR_MODE });
  const incoming = `${target}.restoring`;
  rmSync(incoming, { force: true });
  // Through SQLite rather than a file copy: a backup that is itself in WAL
  // mode comes with its -wal file's content, and the result is one file.
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(incoming);
  } finally {
    source.close();
  }
  makeFilePrivate(incoming);

  let replacedFile: string | null = null;
  if (hasCurrent) {
    // Fold the write-ahead log into the file, so the file alone is complete.
    const current = new SQLite(target, { fileMustExist: true });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.pragma('journal_mode = DELETE');
    } finally {
      current.close();
    }
    replacedFile = `${target}.replaced-${backupTimestamp(now)}`;
    renameSync(target, replacedFile);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(incoming, target);
  return { replacedFile };
}
