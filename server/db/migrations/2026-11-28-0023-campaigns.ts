/**
 * `post_campaigns`: the crowdfunding campaign of a post, at most one, with
 * where its facts came from; its link stays the post's `campaign_url`.
 * `campaign_snapshots`: pledged and backers over time, one point per
 * change (a change within minutes of the latest replaces it).
 * Amounts are minor units and times Unix seconds, as everywhere.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function campaignsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_campaigns')
        .addColumn('post_id', 'integer', (col) => col.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('platform', 'text', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('goal', 'bigint')
        .addColumn('pledged', 'bigint')
        .addColumn('backers', 'bigint')
        .addColumn('launched_at', 'bigint')
        .addColumn('ends_at', 'bigint')
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('facts_updated_at', 'bigint', (col) => col.notNull())
        .addColumn('facts_source', 'text', (col) => col.notNull())
        // The creator's private link: only a hash of its token is kept.
        .addColumn('update_token_hash', 'text', (col) => col.unique())
        .addColumn('update_token_expires_at', 'bigint')
        // The last refresh from the platform that failed, for staff to see.
        .addColumn('refresh_error', 'text')
        .addColumn('refresh_error_at', 'bigint')
        .execute();
      // The lists by end time: "ending soon", the home band, sort=ends_at.
      await db.schema.createIndex('post_campaigns_ends_at_idx').on('post_campaigns').columns(['state', 'ends_at']).execute();
      await db.schema
        .createTable('campaign_snapshots')
        .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('pledged', 'bigint')
        .addColumn('backers', 'bigint')
        .addPrimaryKeyConstraint('campaign_snapshots_pk', ['post_id', 'at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('campaign_snapshots').execute();
      await db.schema.dropTable('post_campaigns').execute();
    },
  };
}
