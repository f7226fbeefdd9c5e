/**
 * A bound on the rendered-page store (decision 089), and a render-ahead
 * pass that reads only the pages it renders:
 * - `rendered_pages.bytes` and `read_at` (epoch milliseconds): what each
 *   page weighs and when a reader last asked for it, so the least recently
 *   read go first when the store is full;
 * - `rendered_page_sources`: each kept page's sources, one row each, so the
 *   database finds the out-of-date pages instead of the server reading
 *   every page's state.
 * The pages kept so far are only copies: they are let go here rather than
 * filled in, and rendered again when asked for.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function renderedPageBoundMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`DELETE FROM rendered_pages`.execute(db);
      await db.schema.alterTable('rendered_pages').addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('rendered_pages').addColumn('read_at', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('rendered_pages_read_at').on('rendered_pages').column('read_at').execute();
      await db.schema
        .createTable('rendered_page_sources')
        .addColumn('path', 'text', (col) => col.notNull().references('rendered_pages.path').onDelete('cascade'))
        .addColumn('source', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('rendered_page_sources_pk', ['path', 'source'])
        .execute();
      // A write's stamps lead to the pages showing what it touched.
      await db.schema.createIndex('rendered_page_sources_source').on('rendered_page_sources').column('source').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rendered_page_sources').execute();
      await db.schema.dropIndex('rendered_pages_read_at').execute();
      await db.schema.alterTable('rendered_pages').dropColumn('read_at').execute();
      await db.schema.alterTable('rendered_pages').dropColumn('bytes').execute();
    },
  };
}
