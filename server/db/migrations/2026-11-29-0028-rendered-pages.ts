/**
 * Rendered public pages kept in the database (decision 073), so a restart
 * or a deploy answers from them instead of starting cold, and every server
 * shares them:
 * - `rendered_pages`: one row per page address, with the build that
 *   rendered it, the sources it was made from and the write sequence read
 *   before it was rendered;
 * - `rendered_page_state`: one row, the write sequence, moved on by every
 *   content write;
 * - `page_source_versions`: per source (`post:12`, `latest-posts`, `*` for
 *   anything), the sequence of the last write that touched it.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function renderedPagesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rendered_pages')
        .addColumn('path', 'text', (col) => col.primaryKey())
        .addColumn('build', 'text', (col) => col.notNull())
        .addColumn('rest', 'text', (col) => col.notNull())
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .addColumn('sources', 'text')
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('headers', 'text', (col) => col.notNull())
        // Bytes: answered as they are, never decoded into text on the way.
        .addColumn('body', engine === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .addColumn('nonce', 'text')
        .addColumn('rendered_at', 'bigint', (col) => col.notNull())
        .addColumn('valid_until', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('rendered_page_state')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .execute();
      await sql`INSERT INTO rendered_page_state (id, seq) VALUES (1, 0)`.execute(db);
      await db.schema
        .createTable('page_source_versions')
        .addColumn('source', 'text', (col) => col.primaryKey())
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .execute();
      // Each server reads the stamps newer than those it knows, once a second.
      await db.schema.createIndex('page_source_versions_seq').on('page_source_versions').column('seq').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('page_source_versions').execute();
      await db.schema.dropTable('rendered_page_state').execute();
      await db.schema.dropTable('rendered_pages').execute();
    },
  };
}
