/**
 * The sponsor's side of a campaign. A sponsored submission may say what the
 * sponsor knows of their campaign: its goal (minor units of
 * `campaign_currency`), its currency (ISO 4217) and its end (Unix seconds),
 * all optional, carried into the campaign of the post drafted from it.
 * The creator's update link of a campaign keeps, beside the hash its token
 * is found by, the token sealed with the key of secrets at rest
 * (`update_token_sealed`), so staff can read the link again (decision 063).
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function sponsoredCampaignMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_goal', 'bigint').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_currency', 'text').execute();
      await db.schema.alterTable('sponsored_submissions').addColumn('campaign_ends_at', 'bigint').execute();
      await db.schema.alterTable('post_campaigns').addColumn('update_token_sealed', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('post_campaigns').dropColumn('update_token_sealed').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_ends_at').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_currency').execute();
      await db.schema.alterTable('sponsored_submissions').dropColumn('campaign_goal').execute();
    },
  };
}
