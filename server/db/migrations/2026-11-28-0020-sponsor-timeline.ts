/**
 * The timeline of a sponsored submission: what happened to it and what the
 * sponsor was told, one row per event (a status change, the draft post, each
 * mail with its outbox row). `dedupe_key` makes an event that must happen
 * once (the mail that the post is live) a claim that a second server or a
 * retried job cannot take again.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function sponsorTimelineMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('sponsored_submission_events');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('submission_id', 'integer', (col) => col.notNull().references('sponsored_submissions.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('to_address', 'text')
        .addColumn('outbox_id', 'integer', (col) => col.references('outbox.id').onDelete('set null'))
        .addColumn('detail', 'text')
        .addColumn('dedupe_key', 'text', (col) => col.unique())
        .execute();
      await db.schema
        .createIndex('sponsored_submission_events_submission_idx')
        .on('sponsored_submission_events')
        .columns(['submission_id', 'created_at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsored_submission_events').execute();
    },
  };
}
