/**
 * What each post or resource write touched, one row per write, written in
 * the write's transaction: the sources of public pages it changes (a JSON
 * array: `post:12`, `category:tech`, `latest-posts`…; null for anything),
 * so another server drops only those pages from its cache (decision 070).
 * Rows older than a few minutes are of no use and are pruned.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function contentChangeFeedMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('content_change_feed');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('sources', 'text')
        .addColumn('changed_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('content_change_feed_changed_at').on('content_change_feed').column('changed_at').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_change_feed').execute();
    },
  };
}
