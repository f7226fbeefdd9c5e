/**
 * What the clock's webhooks already told (decision 100),
 * `webhook_clock_events`: one row per post whose going live
 * (`post.published`) or whose campaign's end (`campaign.ended`) was told,
 * so each is told once whether a save or the clock notices it first, and
 * however many servers look. A save that takes the post off the site, or
 * gives its campaign a new end to run to, removes the row: the next
 * publication or end is a new one. What was already so when this ran
 * (live posts, campaigns over) counts as told: it is not news.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function webhookClockEventsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_clock_events')
        .addColumn('event', 'text', (col) => col.notNull().check(sql`event in ('post.published', 'campaign.ended')`))
        .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('told_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('webhook_clock_events_pk', ['event', 'post_id'])
        .execute();
      const now = Math.floor(Date.now() / 1000);
      await sql`
        insert into webhook_clock_events (event, post_id, told_at)
        select 'post.published', id, ${now} from posts
        where status = 'published' and (published_at is null or published_at <= ${now})
      `.execute(db);
      await sql`
        insert into webhook_clock_events (event, post_id, told_at)
        select 'campaign.ended', post_id, ${now} from post_campaigns
        where state in ('successful', 'failed', 'canceled', 'late_pledge') or (state = 'live' and ends_at <= ${now})
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_clock_events').execute();
    },
  };
}
