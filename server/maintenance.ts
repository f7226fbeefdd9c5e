import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { nowSeconds } from './db/database.ts';
import { deleteExpiredRefreshTokens } from './db/queries/refresh-tokens.ts';
import type { Database } from './db/schema.ts';
import { pruneAuditEntries } from './db/queries/audit-log.ts';
import { pruneDoneJobs } from './db/queries/jobs.ts';
import { redactExpiredOutboxLinks } from './db/queries/outbox.ts';
import { pruneRateLimits } from './db/queries/rate-limits.ts';
import { forgetEndedFollows } from './db/queries/follows.ts';
import type { AnalyticsService } from './services/audience/analytics.ts';
import type { CampaignRefreshService } from './services/campaigns/campaign-refresh.ts';
import type { MediaService } from './services/site/media.ts';
import type { FollowAlerts } from './follows/alerts.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Longer than any rate-limit window, so no live counter is dropped. */
const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/** Finished jobs are kept a week, for the record of what ran. */
const DONE_JOB_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** The audit log's retention when none is configured (AUDIT_LOG_RETENTION_DAYS). */
export const DEFAULT_AUDIT_LOG_RETENTION_DAYS = 400;
const DAY_SECONDS = 24 * 60 * 60;
/** A follow's address is kept until it ends plus this long (the privacy policy says so, decision 097). */
const FOLLOW_RETENTION_SECONDS = 30 * DAY_SECONDS;

export interface RetentionOptions {
  /** Days audit entries are kept (the configuration checks it is at least 365). */
  auditLogRetentionDays?: number;
}

/**
 * Deletes rows nobody can use any more: spent rate-limit windows, expired
 * refresh tokens, old finished jobs, and audit entries past their retention;
 * the addresses of follows ended 30 days ago;
 * and cuts expired links out of kept mails (decision 049).
 */
export async function pruneExpiredRows(db: Kysely<Database>, options: RetentionOptions = {}): Promise<void> {
  await pruneRateLimits(db, RATE_LIMIT_RETENTION_SECONDS);
  await deleteExpiredRefreshTokens(db, nowSeconds());
  await pruneDoneJobs(db, nowSeconds() - DONE_JOB_RETENTION_SECONDS);
  const auditDays = options.auditLogRetentionDays ?? DEFAULT_AUDIT_LOG_RETENTION_DAYS;
  await pruneAuditEntries(db, nowSeconds() - auditDays * DAY_SECONDS);
  await redactExpiredOutboxLinks(db, nowSeconds());
  await forgetEndedFollows(db, nowSeconds() - FOLLOW_RETENTION_SECONDS);
}

export interface MaintenanceDeps extends RetentionOptions {
  db: Kysely<Database>;
  logger: Logger;
  media: Pick<MediaService, 'forgetAbandonedUploads' | 'forgetSupersededCards'>;
  /** Gives every campaign due a refresh its job (none while reading campaign pages is off). */
  campaignRefresh?: Pick<CampaignRefreshService, 'scheduleRefreshes'>;
  /** Deletes the audience counting's salts past 48 hours, and the visitor hashes of their days. */
  analytics?: Pick<AnalyticsService, 'pruneSalts'>;
  /** Gives the alerts of followed campaigns their job, should it have none (decision 097). */
  followAlerts?: Pick<FollowAlerts, 'schedule'>;
}

/**
 * One round: the rows above, then uploads that never arrived and social
 * cards a newer version replaced, then campaigns whose refresh has no job,
 * then the audience counting's salts past their 48 hours, then the alerts
 * of followed campaigns, should their job be missing.
 */
export async function runMaintenance({ db, logger, media, auditLogRetentionDays, campaignRefresh, analytics, followAlerts }: MaintenanceDeps): Promise<void> {
  await pruneExpiredRows(db, { auditLogRetentionDays });
  const forgotten = await media.forgetAbandonedUploads();
  if (forgotten > 0) logger.info({ forgotten }, 'abandoned uploads forgotten');
  const cards = await media.forgetSupersededCards();
  if (cards > 0) logger.info({ cards }, 'superseded social cards removed');
  const refreshes = (await campaignRefresh?.scheduleRefreshes()) ?? 0;
  if (refreshes > 0) logger.info({ refreshes }, 'campaign refreshes scheduled');
  const salts = (await analytics?.pruneSalts()) ?? 0;
  if (salts > 0) logger.info({ salts }, 'old counting salts deleted');
  await followAlerts?.schedule();
}

/**
 * Runs the clean-up now and then every hour. Safe with several servers:
 * each delete is idempotent. Returns a function that stops the timer.
 */
export function scheduleMaintenance(deps: MaintenanceDeps): () => void {
  const run = () =>
    runMaintenance(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'maintenance failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
