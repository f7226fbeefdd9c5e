/**
 * `demo` on posts and resources: 1 for the items the seeder of a fresh
 * install made, so the back office can mark them and remove exactly them
 * (decision 053). 0 for every existing row: what a site already holds is
 * its owner's. Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const TABLES = ['posts', 'resources'] as const;

export function demoContentMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('demo', 'integer', (col) => col.notNull().defaultTo(sql`0`))
          .execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('demo').execute();
      }
    },
  };
}
