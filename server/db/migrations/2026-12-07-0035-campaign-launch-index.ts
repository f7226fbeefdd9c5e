/**
 * The lists by launch time: `post_campaigns` indexed by state and launch,
 * as it is by state and end, so the "just launched" filter and the next
 * second a list by campaign changes by the clock (its launches and the end
 * of their first 72 hours) are each one look in an index (decision 095).
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function campaignLaunchIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('post_campaigns_launched_at_idx').on('post_campaigns').columns(['state', 'launched_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('post_campaigns_launched_at_idx').execute();
    },
  };
}
