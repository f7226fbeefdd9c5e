/**
 * A sponsored submission may say what the sponsor knows of their campaign:
 * its goal (minor units of `campaign_currency`), its currency (ISO 4217)
 * and its end (Unix seconds). All three are optional and carried into the
 * campaign of the post drafted from the submission.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function sponsoredCampaignMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_goal', 'bigint').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_currency', 'text').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_ends_at', 'bigint').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_ends_at').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_currency').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_goal').execute();
    },
  };
}
