/**
 * Author slug history (decision 101): the slugs an author page had before,
 * so `/author/{old}` answers 301 to the author's page at its current slug,
 * however many times it changed since. One row per old slug, naming the
 * account that held it; an account's removal removes its rows. A slug
 * another author takes loses its row: the redirect stops there.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function authorSlugHistoryMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('author_slug_history')
        .addColumn('old_slug', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      // An account's removal finds its rows.
      await db.schema.createIndex('author_slug_history_user_idx').on('author_slug_history').column('user_id').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('author_slug_history').execute();
    },
  };
}
