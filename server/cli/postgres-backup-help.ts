/** What `npm run backup` and `npm run restore` print on PostgreSQL, where the engine's own tools do the job. */
export const POSTGRES_BACKUP_HELP = [
  'DATABASE_URL is set: this site runs on PostgreSQL, whose own tools make and restore backups:',
  '  pg_dump --format=custom --file=showcase-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" showcase-<timestamp>.dump',
  'Stop the app servers before pg_restore. See docs/operations.md.',
].join('\n');
