import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { nowSeconds } from './db/database.ts';
import { deleteExpiredRefreshTokens } from './db/queries/refresh-tokens.ts';
import type { Database } from './db/schema.ts';
import { pruneDoneJobs } from './db/queries/jobs.ts';
import { pruneRateLimits } from './db/queries/rate-limits.ts';
import type { MediaStorage } from './storage/media.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Longer than any rate-limit window, so no live counter is dropped. */
const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/** Finished jobs are kept a week, for the record of what ran. */
const DONE_JOB_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** Deletes rows nobody can use any more: spent rate-limit windows, expired refresh tokens, old finished jobs. */
export async function pruneExpiredRows(db: Kysely<Database>): Promise<void> {
  await pruneRateLimits(db, RATE_LIMIT_RETENTION_SECONDS);
  await deleteExpiredRefreshTokens(db, nowSeconds());
  await pruneDoneJobs(db, nowSeconds() - DONE_JOB_RETENTION_SECONDS);
}

export interface MaintenanceDeps {
  db: Kysely<Database>;
  logger: Logger;
  media: MediaStorage;
}

/** One round: the rows above, then uploads that never arrived. */
export async function runMaintenance({ db, logger, media }: MaintenanceDeps): Promise<void> {
  await pruneExpiredRows(db);
  const forgotten = await media.forgetAbandonedUploads();
  if (forgotten > 0) logger.info({ forgotten }, 'abandoned uploads forgotten');
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
