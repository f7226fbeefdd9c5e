/**
 * Applies the versioned migrations. Names are date-prefixed so they sort in
 * the order they were written; Kysely records each applied name.
 */
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle, Engine } from './database.ts';
import { initialMigration } from './migrations/2026-11-21-0001-initial.ts';

function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '2026-11-21-0001-initial': initialMigration(engine),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.engine);
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; throws MigrationError naming the failed step. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeMigrationProvider(handle.engine),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((step) => step.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`,
    );
  }
  return result;
}
