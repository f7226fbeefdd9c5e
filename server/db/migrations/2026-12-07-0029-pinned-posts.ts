/**
 * Pinned posts: a `pinned` flag (0 or 1) an editor sets to put a post on
 * the home page's lead tile, the one way a sponsored post gets there
 * (decision 080).
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function pinnedPostsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0).check(sql`pinned in (0, 1)`))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('pinned').execute();
    },
  };
}
