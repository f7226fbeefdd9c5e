/**
 * Newsletter issues and their sending. An issue is composed as a draft and
 * sent once; when sending starts, its recipients are frozen as one delivery
 * row per (issue, subscriber), which workers on any server claim, send and
 * record. Erased subscribers leave only a one-way hash of their address, so
 * an import cannot bring them back. Subscribers from before unsubscribe
 * links existed are given theirs, so every active address can be sent to.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function newslettersMigration(engine: Engine): Migration {
  const withId = (name: string, kysely: Kysely<unknown>) => {
    const table = kysely.schema.createTable(name);
    return engine === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<unknown>) {
      await withId('newsletter_issues', db)
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('preheader', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('intro', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('closing', 'text', (col) => col.notNull().defaultTo(''))
        // JSON array of post ids, in the order the issue shows them.
        .addColumn('post_ids', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
        )
        .addColumn('scheduled_at', 'bigint')
        .addColumn('started_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();

      await withId('newsletter_deliveries', db)
        .addColumn('issue_id', 'integer', (col) => col.notNull().references('newsletter_issues.id').onDelete('cascade'))
        .addColumn('subscriber_id', 'integer', (col) =>
          col.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`),
        )
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        .addColumn('first_attempt_at', 'bigint')
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'bigint')
        .addUniqueConstraint('newsletter_deliveries_issue_subscriber_key', ['issue_id', 'subscriber_id'])
        .execute();
      // What a worker claims: the due rows of one issue.
      await db.schema
        .createIndex('newsletter_deliveries_claim_idx')
        .on('newsletter_deliveries')
        .columns(['issue_id', 'status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('newsletter_deliveries_subscriber_idx')
        .on('newsletter_deliveries')
        .column('subscriber_id')
        .execute();

      await db.schema
        .createTable('newsletter_erasures')
        .addColumn('email_hash', 'text', (col) => col.primaryKey())
        .addColumn('erased_at', 'bigint', (col) => col.notNull())
        .execute();

      // Where an imported address's consent came from (a signup has its page path instead).
      await db.schema.alterTable('newsletter_subscribers').addColumn('consent_source', 'text').execute();

      // At least 244 random bits each (two UUIDs v4, or 32 random bytes).
      const randomToken =
        engine === 'postgres'
          ? sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`
          : sql`lower(hex(randomblob(32)))`;
      await sql`update newsletter_subscribers set unsubscribe_token = ${randomToken} where unsubscribe_token is null`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscribers').dropColumn('consent_source').execute();
      await db.schema.dropTable('newsletter_erasures').execute();
      await db.schema.dropTable('newsletter_deliveries').execute();
      await db.schema.dropTable('newsletter_issues').execute();
    },
  };
}
