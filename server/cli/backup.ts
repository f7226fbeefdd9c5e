/**
 * npm run backup [-- --out <file>]
 * An online copy of the SQLite database, safe while the server runs: into
 * DATA_DIR/backups/site-<timestamp>.db unless --out names the file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { BackupError, backupSqliteDatabase, backupTimestamp } from '../db/sqlite-backup.ts';
import { SQLITE_FILE_NAME } from '../runtime.ts';
import { POSTGRES_BACKUP_HELP } from './postgres-backup-help.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let values: { out?: string | undefined };
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' } } }));
} catch {
  fail('Usage: npm run backup [-- --out <file>]');
}
const config = loadConfigOrExit();
if (config.DATABASE_URL) fail(POSTGRES_BACKUP_HELP);

const source = path.join(config.DATA_DIR, SQLITE_FILE_NAME);
// npm runs scripts from the project folder; a relative --out means the caller's folder.
const target = values.out
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
  : path.join(config.DATA_DIR, 'backups', `site-${backupTimestamp()}.db`);
try {
  backupSqliteDatabase(source, target);
} catch (error) {
  fail(error instanceof BackupError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
process.stdout.write(`Backup written to ${target}\n`);
