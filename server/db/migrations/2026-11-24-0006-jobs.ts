/**
 * Durable background work (decision 022): one row per job, claimed by any
 * server for a lease, retried with back-off, taken over when its lease runs
 * out (its server died). `dedupe_key` keeps one job per thing to do (the
 * resized copies of one upload).
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function jobsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('jobs');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('dedupe_key', 'text', (col) => col.unique())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'running', 'done', 'failed')`),
        )
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('run_at', 'bigint', (col) => col.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // What a claim looks for: due pending jobs, and running ones whose lease ran out.
      await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
