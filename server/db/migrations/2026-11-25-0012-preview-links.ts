/**
 * Preview links: a signed address that shows a draft or scheduled post or
 * resource as it will look, for a limited time, until revoked. Only a hash
 * of each link's token is kept; the token is in the link alone.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function previewLinksMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('preview_links');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('post', 'resource')`))
        .addColumn('content_id', 'integer', (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('preview_links_content_idx')
        .on('preview_links')
        .columns(['content_type', 'content_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('preview_links').execute();
    },
  };
}
