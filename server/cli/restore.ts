/**
 * npm run restore -- <file>
 * Puts a backup made by `npm run backup` in place of DATA_DIR/site.db. The
 * server must be stopped; the replaced database is kept beside it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { BackupError, restoreSqliteDatabase } from '../db/sqlite-backup.ts';
import { SQLITE_FILE_NAME } from '../runtime.ts';
import { POSTGRES_BACKUP_HELP } from './postgres-backup-help.ts';

const USAGE = 'Usage: npm run restore -- <backup file>';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let positionals: string[];
try {
  ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
} catch {
  fail(USAGE);
}
const config = loadConfigOrExit();
if (config.DATABASE_URL) fail(POSTGRES_BACKUP_HELP);
if (positionals.length !== 1 || !positionals[0]) fail(USAGE);
// npm runs scripts from the project folder; a relative path means the caller's folder.
const backup = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);

const target = path.join(config.DATA_DIR, SQLITE_FILE_NAME);
try {
  const { replacedFile } = restoreSqliteDatabase(backup, target);
  process.stdout.write(
    `Restored ${backup} into ${target}.\n` +
      (replacedFile ? `The replaced database is kept as ${replacedFile}.\n` : '') +
      'Pending migrations are applied when the server starts.\n',
  );
} catch (error) {
  fail(error instanceof BackupError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
