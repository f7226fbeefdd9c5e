/**
 * Applies the versioned migrations. Names are date-prefixed so they sort in
 * the order they were written; Kysely records each applied name.
 */
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle, Engine } from './database.ts';
import { initialMigration } from './migrations/2026-11-21-0001-initial.ts';
import { mediaMigration } from './migrations/2026-11-22-0002-media.ts';
import { paymentsMigration } from './migrations/2026-11-22-0003-payments.ts';
import { slugHistoryMigration } from './migrations/2026-11-22-0004-slug-history.ts';
import { contentSlugsMigration } from './migrations/2026-11-24-0005-content-slugs.ts';
import { jobsMigration } from './migrations/2026-11-24-0006-jobs.ts';
import { subscriberLifeCycleMigration } from './migrations/2026-11-24-0007-subscriber-life-cycle.ts';
import { newslettersMigration } from './migrations/2026-11-25-0008-newsletters.ts';
import { sponsoredPostsMigration } from './migrations/2026-11-25-0009-sponsored-posts.ts';
import { searchMigration } from './migrations/2026-11-25-0010-search.ts';
import { contentRevisionsMigration } from './migrations/2026-11-25-0011-revisions.ts';
import { previewLinksMigration } from './migrations/2026-11-25-0012-preview-links.ts';
import { tokenValidityMigration } from './migrations/2026-11-25-0013-token-validity.ts';
import { staffAccountsMigration } from './migrations/2026-11-25-0014-staff-accounts.ts';
import { renderedContentMigration } from './migrations/2026-11-25-0015-rendered-content.ts';
import { secretsAtRestMigration } from './migrations/2026-11-28-0016-secrets-at-rest.ts';
import { uploadPathsMigration } from './migrations/2026-11-28-0018-upload-paths.ts';
import { newsletterLeftOutMigration } from './migrations/2026-11-28-0017-newsletter-left-out.ts';
import { outboxMigration } from './migrations/2026-11-28-0019-outbox.ts';
import { sponsorTimelineMigration } from './migrations/2026-11-28-0020-sponsor-timeline.ts';
import { demoContentMigration } from './migrations/2026-11-28-0021-demo-content.ts';
import { socialCardLedgerMigration } from './migrations/2026-11-28-0022-social-card-ledger.ts';
import { campaignsMigration } from './migrations/2026-11-28-0023-campaigns.ts';
import { sponsoredCampaignMigration } from './migrations/2026-11-28-0024-sponsored-campaign.ts';
import { analyticsMigration } from './migrations/2026-11-28-0025-analytics.ts';
import { contentChangeFeedMigration } from './migrations/2026-11-28-0026-content-change-feed.ts';
import { analyticsMonthlyMigration } from './migrations/2026-11-28-0027-analytics-monthly.ts';
import { renderedPagesMigration } from './migrations/2026-11-29-0028-rendered-pages.ts';
import { pinnedPostsMigration } from './migrations/2026-12-07-0029-pinned-posts.ts';
import { postCreatorMigration } from './migrations/2026-12-07-0030-post-creator.ts';
import { renderedPageBoundMigration } from './migrations/2026-12-07-0031-rendered-page-bound.ts';
import { authorsMigration } from './migrations/2026-12-07-0032-authors.ts';
import { postReviewsMigration } from './migrations/2026-12-07-0033-post-reviews.ts';
import { campaignBasicsMigration } from './migrations/2026-12-07-0034-campaign-basics.ts';
import { campaignLaunchIndexMigration } from './migrations/2026-12-07-0035-campaign-launch-index.ts';
import { followsMigration } from './migrations/2026-12-07-0036-follows.ts';
import { cdnPurgesMigration } from './migrations/2026-12-07-0037-cdn-purges.ts';
import { webhooksMigration } from './migrations/2026-12-07-0038-webhooks.ts';
import { authorSlugHistoryMigration } from './migrations/2026-12-07-0039-author-slug-history.ts';
import { webhookClockEventsMigration } from './migrations/2026-12-07-0040-webhook-clock-events.ts';

export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '2026-11-21-0001-initial': initialMigration(engine),
    '2026-11-22-0002-media': mediaMigration(engine),
    '2026-11-22-0003-payments': paymentsMigration(engine),
    '2026-11-22-0004-slug-history': slugHistoryMigration(),
    '2026-11-24-0005-content-slugs': contentSlugsMigration(),
    '2026-11-24-0006-jobs': jobsMigration(engine),
    '2026-11-24-0007-subscriber-life-cycle': subscriberLifeCycleMigration(),
    '2026-11-25-0008-newsletters': newslettersMigration(engine),
    '2026-11-25-0009-sponsored-posts': sponsoredPostsMigration(),
    '2026-11-25-0010-search': searchMigration(engine),
    '2026-11-25-0011-revisions': contentRevisionsMigration(engine),
    '2026-11-25-0012-preview-links': previewLinksMigration(engine),
    '2026-11-25-0013-token-validity': tokenValidityMigration(),
    '2026-11-25-0014-staff-accounts': staffAccountsMigration(engine),
    '2026-11-25-0015-rendered-content': renderedContentMigration(),
    '2026-11-28-0016-secrets-at-rest': secretsAtRestMigration(engine),
    '2026-11-28-0017-newsletter-left-out': newsletterLeftOutMigration(),
    '2026-11-28-0018-upload-paths': uploadPathsMigration(),
    '2026-11-28-0019-outbox': outboxMigration(),
    '2026-11-28-0020-sponsor-timeline': sponsorTimelineMigration(engine),
    '2026-11-28-0021-demo-content': demoContentMigration(),
    '2026-11-28-0022-social-card-ledger': socialCardLedgerMigration(),
    '2026-11-28-0023-campaigns': campaignsMigration(),
    '2026-11-28-0024-sponsored-campaign': sponsoredCampaignMigration(),
    '2026-11-28-0025-analytics': analyticsMigration(),
    '2026-11-28-0026-content-change-feed': contentChangeFeedMigration(engine),
    '2026-11-28-0027-analytics-monthly': analyticsMonthlyMigration(),
    '2026-11-29-0028-rendered-pages': renderedPagesMigration(engine),
    '2026-12-07-0029-pinned-posts': pinnedPostsMigration(),
    '2026-12-07-0030-post-creator': postCreatorMigration(),
    '2026-12-07-0031-rendered-page-bound': renderedPageBoundMigration(),
    '2026-12-07-0032-authors': authorsMigration(),
    '2026-12-07-0033-post-reviews': postReviewsMigration(),
    '2026-12-07-0034-campaign-basics': campaignBasicsMigration(),
    '2026-12-07-0035-campaign-launch-index': campaignLaunchIndexMigration(),
    '2026-12-07-0036-follows': followsMigration(engine),
    '2026-12-07-0037-cdn-purges': cdnPurgesMigration(engine),
    '2026-12-07-0038-webhooks': webhooksMigration(engine),
    '2026-12-07-0039-author-slug-history': authorSlugHistoryMigration(),
    '2026-12-07-0040-webhook-clock-events': webhookClockEventsMigration(),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.engine);
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; throws MigrationError naming the failed step. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeMigrationProvider(handle.engine),
    // Kysely looks for its bookkeeping tables in every schema it can see; on
    // PostgreSQL another schema's copies (another app sharing the database) would
    // be taken for ours. Pin them to the schema we migrate.
    ...(handle.engine === 'postgres' ? { migrationTableSchema: await currentSchema(handle) } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((step) => step.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`,
    );
  }
  return result;
}

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = result.rows[0]?.schema;
  if (!schema) throw new MigrationError('Migration (setup) failed: the database has no current schema');
  return schema;
}
