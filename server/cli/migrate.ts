import { loadConfigOrExit } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openConfiguredDatabase } from '../runtime.ts';

const config = loadConfigOrExit();
const handle = openConfiguredDatabase(config);
try {
  const result = await migrateToLatest(handle);
  const applied = result.results?.filter((step) => step.status === 'Success') ?? [];
  process.stdout.write(
    applied.length === 0
      ? 'The database is up to date.\n'
      : applied.map((step) => `Applied ${step.migrationName}\n`).join(''),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
