/**
 * Slug history: the earlier slugs of published posts and resources, so an
 * old address answers 301 to the new one after an administrator renames a
 * slug. Posts and resources share one address space (`/{slug}`), so an old
 * slug is unique across both. No foreign key: the row points at either
 * table; a lookup joins the live row and ignores what no longer exists.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function slugHistoryMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('slug_history')
        .addColumn('old_slug', 'text', (col) => col.primaryKey())
        .addColumn('content_type', 'text', (col) =>
          col.notNull().check(sql`content_type in ('post', 'resource')`),
        )
        .addColumn('content_id', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('slug_history_content_idx')
        .on('slug_history')
        .columns(['content_type', 'content_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('slug_history').execute();
    },
  };
}
