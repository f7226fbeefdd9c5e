/**
 * A campaign's basics (decision 094) on `post_campaigns`: who runs it
 * (`creator_name`), where they are (`location`), the lowest pledge that
 * gets the product (`reward_from`, minor units of the campaign's
 * currency), the month its rewards should ship (`delivery_estimate`,
 * `YYYY-MM`), a YouTube or Vimeo video (`video_url`) and the video's
 * poster as stored here (`video_poster`, an upload's path; null shows the
 * neutral placeholder). All optional: null is not known.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

const COLUMNS = ['creator_name', 'location', 'reward_from', 'delivery_estimate', 'video_url', 'video_poster'] as const;

export function campaignBasicsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('post_campaigns').addColumn('creator_name', 'text').execute();
      await db.schema.alterTable('post_campaigns').addColumn('location', 'text').execute();
      await db.schema.alterTable('post_campaigns').addColumn('reward_from', 'bigint').execute();
      await db.schema.alterTable('post_campaigns').addColumn('delivery_estimate', 'text').execute();
      await db.schema.alterTable('post_campaigns').addColumn('video_url', 'text').execute();
      await db.schema.alterTable('post_campaigns').addColumn('video_poster', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('post_campaigns').dropColumn(column).execute();
    },
  };
}
