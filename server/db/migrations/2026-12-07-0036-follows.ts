/**
 * Following a campaign (decision 097):
 * - `follows`: one reader's address following one post's campaign, no
 *   account: `pending` until the mailed link is used (only the hash of its
 *   token is kept, with when it expires and when it was last mailed),
 *   `following` once confirmed, `ended` after the last alert or when the
 *   reader leaves. `moments_done` is the JSON list of the moments handled
 *   (sent, or passed over because they no longer held): each is handled
 *   once.
 * - `follow_alerts`: the alert mails, one per recipient however many
 *   moments it tells of, recorded before they are sent, claimed by one
 *   server for a lease while it sends; `follow_alert_moments` says which
 *   follow and moment each mail tells of (the sponsor report counts them).
 * - `campaign_calendar_events`: the end a campaign's calendar event was
 *   last given, and its SEQUENCE, which grows each time the end moves.
 * Unsubscribe links are sealed follow ids (server/follows/links.ts):
 * nothing of them is stored.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function followsMigration(engine: Engine): Migration {
  const withId = (name: string, kysely: Kysely<unknown>) => {
    const table = kysely.schema.createTable(name);
    return engine === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<unknown>) {
      await withId('follows', db)
        .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
        // Trimmed and in lower case: one follow per address and campaign.
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'following', 'ended')`))
        .addColumn('confirm_token_hash', 'text', (col) => col.unique())
        .addColumn('confirm_expires_at', 'bigint')
        .addColumn('confirm_sent_at', 'bigint')
        .addColumn('moments_done', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('ended_at', 'bigint')
        // `last-alert`, `one-click`, `link`, `all-link`, `erased`, `campaign-removed`.
        .addColumn('ended_via', 'text')
        .addUniqueConstraint('follows_post_email_unique', ['post_id', 'email'])
        .execute();
      // The alerts' pass reads the confirmed follows; counts are per campaign and status.
      await db.schema.createIndex('follows_status_post_idx').on('follows').columns(['status', 'post_id']).execute();
      // Erasure and "leave every campaign" find an address's follows.
      await db.schema.createIndex('follows_email_idx').on('follows').column('email').execute();

      await withId('follow_alerts', db)
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('follow_alerts_due_idx').on('follow_alerts').columns(['status', 'next_attempt_at']).execute();
      await db.schema
        .createTable('follow_alert_moments')
        .addColumn('alert_id', 'integer', (col) => col.notNull().references('follow_alerts.id').onDelete('cascade'))
        .addColumn('follow_id', 'integer', (col) => col.notNull().references('follows.id').onDelete('cascade'))
        .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('moment', 'text', (col) => col.notNull().check(sql`moment in ('launched', 'ending', 'funded', 'ended')`))
        // A follow is told of each moment once.
        .addPrimaryKeyConstraint('follow_alert_moments_pk', ['follow_id', 'moment'])
        .execute();
      await db.schema.createIndex('follow_alert_moments_alert_idx').on('follow_alert_moments').column('alert_id').execute();
      await db.schema.createIndex('follow_alert_moments_post_idx').on('follow_alert_moments').column('post_id').execute();
      await db.schema
        .createTable('campaign_calendar_events')
        .addColumn('post_id', 'integer', (col) => col.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('ends_at', 'bigint', (col) => col.notNull())
        .addColumn('sequence', 'integer', (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('campaign_calendar_events').execute();
      await db.schema.dropTable('follow_alert_moments').execute();
      await db.schema.dropTable('follow_alerts').execute();
      await db.schema.dropTable('follows').execute();
    },
  };
}
