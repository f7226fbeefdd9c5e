/**
 * Revisions of posts and resources: every save keeps the item's previous
 * state as one row, the whole of its editable fields as a JSON snapshot,
 * with who saved and when. Only the newest 50 of each item are kept
 * (decision 024). No foreign key to the content: the row points at either
 * table, and deleting the item deletes its revisions in the same
 * transaction. The saving administrator's id is kept while the account is.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function contentRevisionsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('content_revisions');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('post', 'resource')`))
        .addColumn('content_id', 'integer', (col) => col.notNull())
        // The version the item had while it held this state.
        .addColumn('version', 'integer', (col) => col.notNull())
        // JSON object of the editable fields.
        .addColumn('snapshot', 'text', (col) => col.notNull())
        .addColumn('saved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('saved_at', 'bigint', (col) => col.notNull())
        .execute();
      // An item's revisions, newest first; pruning reads the same order.
      await db.schema
        .createIndex('content_revisions_content_idx')
        .on('content_revisions')
        .columns(['content_type', 'content_id', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_revisions').execute();
    },
  };
}
