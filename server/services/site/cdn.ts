/**
 * The CDN in front, purged exactly (decision 098). Each content write
 * enqueues, in its own transaction, one durable purge job naming the cache
 * tags of what it touched (server/freshness/cache-tags.ts): it exists if
 * and only if the write does, runs once on whichever server claims it, and
 * is retried with growing pauses until the CDN takes it. A recurring job
 * purges the pages of a campaign whose words the clock changes (decision
 * 062) at that second. Every attempt is logged for the owners' Settings →
 * CDN. With no CDN configured there are no jobs and nothing is purged.
 */
import type { CdnPurgeJson, CdnPurgeReason, CdnStatusJson } from '../../../common/cdn.ts';
import { nextCampaignChange } from '../../../common/campaign.ts';
import { DomainError } from '../../../common/errors.ts';
import { pageSource } from '../../../common/page-sources.ts';
import { createCdnPurger, type CdnPurger } from '../../cdn/purgers.ts';
import { nowSeconds } from '../../db/database.ts';
import { readNextPublication } from '../../db/queries/content.ts';
import { listCampaignClocks, listKeptPathsShowing, readCdnPurgeLog, recordCdnPurge, type CdnPurgeEntry } from '../../db/queries/cdn-purges.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { purgeTagsOf } from '../../freshness/cache-tags.ts';
import type { JobAttempt, JobKind, JobOutcome } from '../../jobs/jobs.ts';

export interface PurgePayload {
  /** The cache tags to purge; null: everything. */
  tags: string[] | null;
  /** The page sources the tags came from, for a CDN purged by address; null: anything. */
  sources: string[] | null;
  reason: CdnPurgeReason;
}

/** The clock's job; `after`: the second of the write that brought it forward, whose own purge covers it. */
interface ClockPayload {
  after: number | null;
}

/** Tried for about a day and a half (pauses doubling up to an hour) before it is left failed, and shown as such. */
const PURGE_ATTEMPTS = 40;
/** The clock's job looks again at least this often, whatever it expects. */
const CLOCK_LOOK_SECONDS = 60 * 60;
const CLOCK_KEY = 'cdn-clock';
/** The addresses of kept pages given to a CDN purged by address, at most, per purge. */
const PAGES_PER_PURGE = 3000;
/**
 * A write's tags are purged twice: at once, and again this long after.
 * Another server may answer from its copy for up to a second after the
 * write (its change-feed check, then the render already under way), and a
 * CDN that asked it in that second would keep the old page for a day.
 */
export const SECOND_PURGE_SECONDS = 5;
/** How many failed attempts the settings screen lists. */
const FAILURES_SHOWN = 10;

const toJson = (entry: CdnPurgeEntry): CdnPurgeJson => ({
  tags: entry.tags,
  reason: entry.reason,
  attempt: entry.attempt,
  retried: entry.retried,
  error: entry.error,
  at: entry.at,
});

/**
 * The sources of the pages that show a post's campaign: its page, its
 * categories' pages and the related blocks drawn from them, the lists of the
 * newest posts and of live campaigns.
 */
const campaignSources = (postId: number, categoryIds: readonly string[]) => [
  pageSource.post(postId),
  ...categoryIds.map((id) => pageSource.category(id)),
  pageSource.postLists,
  pageSource.campaignLists,
];

export function cdnService(deps: AppDeps, purger: CdnPurger | null = createCdnPurger(deps.config)) {
  const { db, logger, jobs } = deps;
  /** This server's purges since it started, for /metrics. */
  const counts = { sent: 0, failed: 0 };

  const purgeJob: JobKind<PurgePayload> = {
    name: 'cdn-purge',
    maxAttempts: PURGE_ATTEMPTS,
    async run(payload, attempt: JobAttempt) {
      if (!purger) return;
      const at = nowSeconds();
      const entry = { cdn: purger.kind, tags: payload.tags, reason: payload.reason, attempt: attempt.number, at };
      try {
        if (payload.tags === null) await purger.purgeEverything();
        else {
          const sources = payload.sources;
          await purger.purgeTags(payload.tags, () => (sources === null ? Promise.resolve(['/']) : listKeptPathsShowing(db, sources, PAGES_PER_PURGE)));
        }
      } catch (error) {
        counts.failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        await recordCdnPurge(db, { ...entry, status: 'failed', retried: !attempt.isLast, error: message.slice(0, 500) }).catch((logError: unknown) =>
          logger.warn({ err: logError }, 'cdn: could not log a failed purge'),
        );
        throw error;
      }
      counts.sent += 1;
      await recordCdnPurge(db, { ...entry, status: 'sent', retried: false, error: null });
    },
  };

  /**
   * Purges the pages of the campaigns whose words changed at the second it
   * was due (a countdown that flips, a badge), and every page when a post
   * or resource scheduled for then went live (no write says so: the page
   * caches drop everything then too), then waits for the next such second.
   * Writes bring it forward, so it never waits on facts they changed.
   */
  const clockJob: JobKind<ClockPayload> = {
    name: 'cdn-clock-purge',
    maxAttempts: PURGE_ATTEMPTS,
    async run(payload, attempt): Promise<JobOutcome> {
      const now = nowSeconds();
      const [clocks, published, nextPublication] = await Promise.all([
        listCampaignClocks(db, now),
        // What went live by the second of a write that brought this run forward, that write purged.
        readNextPublication(db, Math.max(attempt.dueAt - 1, payload?.after ?? Number.NEGATIVE_INFINITY)),
        readNextPublication(db, now),
      ]);
      if (purger && published !== null && published <= now) {
        await jobs.enqueue(db, purgeJob, { tags: purgeTagsOf(null), sources: null, reason: 'clock' });
        jobs.wake();
      }
      // Nothing the clock decides changed between the last look and the second this run was due for.
      const changed = clocks.filter((clock) => {
        const at = nextCampaignChange(clock, attempt.dueAt - 1);
        return at !== null && at <= now;
      });
      if (purger && changed.length > 0) {
        const sources = [...new Set(changed.flatMap((clock) => campaignSources(clock.post_id, clock.category_ids)))];
        await jobs.enqueue(db, purgeJob, { tags: purgeTagsOf(sources), sources, reason: 'clock' });
        jobs.wake();
      }
      const next = clocks.reduce<number | null>((earliest, clock) => {
        const at = nextCampaignChange(clock, now);
        return at !== null && (earliest === null || at < earliest) ? at : earliest;
      }, nextPublication);
      return { runAgainAt: Math.min(next ?? now + CLOCK_LOOK_SECONDS, now + CLOCK_LOOK_SECONDS) };
    },
  };

  if (purger) {
    // In the write's transaction: the purge is there if and only if the write is.
    deps.contentChanges.alsoRecord('cdn-purge', async (trx: Db, touched) => {
      const purge: PurgePayload = { tags: purgeTagsOf(touched), sources: touched === null ? null : [...touched], reason: 'write' };
      await jobs.enqueue(trx, purgeJob, purge);
      await jobs.enqueue(trx, purgeJob, purge, { delaySeconds: SECOND_PURGE_SECONDS });
      // A write may change what the clock is waiting for (a new end, a campaign published).
      await jobs.runSoon(trx, clockJob, { after: nowSeconds() }, CLOCK_KEY);
    });
    // Run once the write has committed (the change's second announcement).
    deps.contentChanges.onWrite(() => jobs.wake());
  }

  return {
    /** The kinds of job this service runs: none without a CDN. */
    jobKinds: (purger ? [purgeJob, clockJob] : []) as JobKind<never>[],

    /** Starts the clock's job unless it is waiting already (every server's start; one row for all). */
    async start(): Promise<void> {
      if (!purger) return;
      if (await jobs.ensure(db, clockJob, { after: null }, CLOCK_KEY, nowSeconds())) jobs.wake();
    },

    /** Settings → CDN: which CDN, the last purge, the recent failures. */
    async status(): Promise<CdnStatusJson> {
      if (!purger) return { cdn: null, target: null, last_purge: null, failures: [] };
      const log = await readCdnPurgeLog(db, FAILURES_SHOWN);
      return {
        cdn: purger.kind,
        target: purger.target,
        last_purge: log.lastSent ? toJson(log.lastSent) : null,
        failures: log.failures.map(toJson),
      };
    },

    /** "Purge everything": one durable job like a write's, run at once. */
    async purgeEverything(): Promise<CdnStatusJson> {
      if (!purger) throw new DomainError('CDN_NOT_CONFIGURED', 'No CDN is configured (CDN_PURGE): there is nothing to purge.');
      await jobs.enqueue(db, purgeJob, { tags: null, sources: null, reason: 'everything' });
      jobs.wake();
      return this.status();
    },

    /** This server's purges since it started, by outcome (`sent`, `failed`). */
    counts(): ReadonlyMap<string, number> {
      return new Map(Object.entries(counts));
    },
  };
}

export type CdnService = ReturnType<typeof cdnService>;
