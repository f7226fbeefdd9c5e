/**
 * Media: one row per image upload, written when the upload address is
 * handed out, so uploads that never arrived (or never got used) can be
 * found later. Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function mediaMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('media');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('s3_key', 'text', (col) => col.notNull().unique())
        .addColumn('content_type', 'text', (col) => col.notNull())
        // Declared size; the stored size once the upload is in place. The
        // older upload-url request does not send one.
        .addColumn('file_size', 'bigint')
        .addColumn('original_name', 'text', (col) => col.notNull())
        .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('state', 'text', (col) =>
          col
            .notNull()
            .defaultTo('pending')
            .check(sql`state in ('pending', 'ready', 'rejected')`),
        )
        // Widths of the resized copies that exist, e.g. '480,960,1600'.
        .addColumn('variant_widths', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // Orphans: uploads still pending long after their address expired.
      await db.schema.createIndex('media_state_created_idx').on('media').columns(['state', 'created_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('media').execute();
    },
  };
}
