/**
 * Cookie-free audience numbers (decision 065).
 * `analytics_salts`: one random salt per UTC day, shared by every server,
 * deleted after 48 hours; a visitor is a hash of the day's salt with the
 * request's address, User-Agent and the site, so once the salt is gone
 * nobody can tell who a hash was.
 * `analytics_visitors`: which visitor hashes were seen on a day, site-wide
 * (`path` '') and per page, so a visitor counts once a day across servers;
 * deleted with the day's salt. `analytics_presence`: the latest beacon of
 * each visitor hash, for "visitors now"; kept minutes, not days.
 * `analytics_daily`: the only numbers kept long-term, daily roll-ups by
 * dimension. `analytics_clicks`: counted clicks per subject per day, with
 * nothing per person. `newsletter_links`: each issue's rewritten links,
 * kept after the issue is deleted so old mails keep working.
 * Days are UTC `YYYY-MM-DD` text; times are Unix seconds.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function analyticsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analytics_salts')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('salt', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('analytics_visitors')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('analytics_visitors_pk', ['day', 'visitor', 'path'])
        .execute();
      await db.schema
        .createTable('analytics_presence')
        .addColumn('visitor', 'text', (col) => col.primaryKey())
        .addColumn('seen_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('analytics_presence_seen_at_idx').on('analytics_presence').column('seen_at').execute();
      await db.schema
        .createTable('analytics_daily')
        .addColumn('dimension', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('visitors', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('analytics_daily_pk', ['dimension', 'day', 'value'])
        .execute();
      await db.schema
        .createTable('analytics_clicks')
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('subject_id', 'bigint', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('target', 'text', (col) => col.notNull())
        .addColumn('clicks', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('analytics_clicks_pk', ['kind', 'subject_id', 'day', 'target'])
        .execute();
      await db.schema
        .createTable('newsletter_links')
        .addColumn('issue_id', 'bigint', (col) => col.notNull())
        .addColumn('link_no', 'integer', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        // The post the link leads to (its page or its campaign), for the sponsor report.
        .addColumn('post_id', 'bigint')
        .addPrimaryKeyConstraint('newsletter_links_pk', ['issue_id', 'link_no'])
        .execute();
      await db.schema.createIndex('newsletter_links_post_idx').on('newsletter_links').column('post_id').execute();
      // The referral tag the creator gave, appended as `ref=` to outbound links.
      await db.schema.alterTable('post_campaigns').addColumn('ref_tag', 'text').execute();
      // The sponsor's report link: a hash to find it by, the token sealed for staff to read again.
      await db.schema.alterTable('sponsored_submissions').addColumn('report_token_hash', 'text').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('report_token_sealed', 'text').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('report_issued_at', 'bigint').execute();
      await db.schema
        .createIndex('sponsored_submissions_report_token_idx')
        .on('sponsored_submissions')
        .column('report_token_hash')
        .unique()
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sponsored_submissions_report_token_idx').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('report_issued_at').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('report_token_sealed').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('report_token_hash').execute();
      await db.schema.alterTable('post_campaigns').dropColumn('ref_tag').execute();
      await db.schema.dropTable('newsletter_links').execute();
      await db.schema.dropTable('analytics_clicks').execute();
      await db.schema.dropTable('analytics_daily').execute();
      await db.schema.dropTable('analytics_presence').execute();
      await db.schema.dropTable('analytics_visitors').execute();
      await db.schema.dropTable('analytics_salts').execute();
    },
  };
}
