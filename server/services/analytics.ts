/**
 * Cookie-free page-view counting (decision 065). A beacon is reduced at
 * once to a visitor hash and families (server/analytics/visitor.ts); the
 * address and User-Agent go no further than this function. Views wait in
 * an in-memory buffer aggregated by key and are written at least every
 * 5 seconds, when the buffer grows large, and at shutdown, with upserts that
 * add, so several servers can write the same rows.
 */
import type { AnalyticsSettingsJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { analyticsSettingsSchema, pageViewBeaconSchema } from '../../common/schemas/analytics.ts';
import { validate } from '../../common/validate.ts';
import { ViewBuffer } from '../analytics/buffer.ts';
import { classify, countedPath, countryOfTimeZone, newSalt, siteDay, sourceOf, visitorHash } from '../analytics/visitor.ts';
import type { Caller, Staff } from '../auth/caller.ts';
import { isLiveStaffRefreshToken } from '../auth/tokens.ts';
import { siteOrigin } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import { addToDaily, daySalt, deleteOldSalts, insertVisitors, prunePresence, touchPresence } from '../db/queries/analytics.ts';
import type { AppDeps } from '../deps.ts';
import type { AuditLogService } from './audit-log.ts';
import { ownerSwitch } from './owner-switch.ts';
import { memoryRateLimit } from './rate-limits.ts';

/** The longest a view waits in memory: what a server killed outright can lose. */
export const FLUSH_INTERVAL_MS = 5_000;
/** Distinct keys held before a flush is started early. */
const FLUSH_AT_KEYS = 20_000;
/** Distinct keys beyond which views are dropped while the database catches up: memory stays bounded. */
const MAX_KEYS = 100_000;
/** Salts (and the visitor hashes of their day) are deleted this long after they were made. */
export const SALT_LIFETIME_SECONDS = 48 * 60 * 60;
/** Presence is kept this long; "visitors now" reads the last 5 minutes of it. */
const PRESENCE_SECONDS = 10 * 60;

/** What the HTTP layer reads from a beacon's request, besides its body. */
export interface BeaconRequest {
  caller: Caller;
  /** `Sec-Purpose` or `Purpose` says prefetch. */
  prefetch: boolean;
  /** `Sec-GPC: 1`. */
  globalPrivacyControl: boolean;
  /** The back office's refresh cookie, when the browser sent one. */
  staffToken: string | undefined;
}

export function analyticsService(deps: AppDeps, audit: AuditLogService) {
  const { db, logger, config } = deps;
  const origin = siteOrigin(config);
  const siteHost = new URL(origin).hostname.toLowerCase();
  const counting = ownerSwitch({ db, audit }, { key: 'analytics', enabledByDefault: true, schema: analyticsSettingsSchema });
  let salt: { day: string; value: Promise<string> } | null = null;
  let buffer = new ViewBuffer();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> | null = null;
  let dropped = 0;
  const limitBeacons = memoryRateLimit(deps.rateLimits.beaconsPerIp);

  /** The day's salt, read once per day per server; a failed read is asked again next time. */
  function saltOf(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = daySalt(db, day, newSalt(), nowSeconds());
      salt = { day, value };
      value.catch(() => {
        if (salt?.value === value) salt = null;
      });
    }
    return salt.value;
  }

  async function write(taken: ViewBuffer): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const fresh = await insertVisitors(trx, taken.visitorRows());
      await addToDaily(trx, taken.dailyRows(fresh));
      await touchPresence(trx, taken.presenceRows());
      await prunePresence(trx, nowSeconds() - PRESENCE_SECONDS);
    });
  }

  /** Writes every view accepted so far; waits for a flush already running first. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (buffer.size === 0) return;
    const taken = buffer;
    buffer = new ViewBuffer();
    if (dropped > 0) {
      logger.warn({ dropped }, 'page views dropped: the buffer was full while the database was slow');
      dropped = 0;
    }
    flushing = write(taken)
      .catch((error: unknown) => {
        // Nothing of a failed transaction was written: the views wait for the next flush.
        buffer.merge(taken);
        scheduleFlush();
        throw error;
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  function flushInBackground(): void {
    flush().catch((error: unknown) => logger.warn({ err: error }, 'page views not written yet: will try again'));
  }

  function scheduleFlush(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      flushInBackground();
    }, FLUSH_INTERVAL_MS);
    // A waiting flush never keeps the process alive; shutdown flushes itself.
    timer.unref();
  }

  return {
    /** Whether counting is on (cached briefly): page views, and the clicks the other counters record. */
    countingEnabled: async (): Promise<boolean> => (await counting.read()).enabled,

    settings: (): Promise<AnalyticsSettingsJson> => counting.read(true),

    async updateSettings(staff: Staff, values: unknown, caller: Caller): Promise<AnalyticsSettingsJson> {
      return (await counting.write(staff, values, caller)).after;
    },

    /**
     * Takes one beacon: refuses a malformed one and a caller over the rate,
     * then counts it unless it must not be (a bot, a prefetch, Global Privacy
     * Control, staff, a path that is no public page, counting off). Returns
     * whether it was counted.
     */
    async recordView(body: unknown, request: BeaconRequest): Promise<boolean> {
      const beacon = validate(pageViewBeaconSchema, body);
      const nowMs = Date.now();
      const day = siteDay(nowMs, (await deps.siteProfileCache.current()).time_zone);
      const daySaltValue = await saltOf(day);
      // Counted in memory per server (decision 071), keyed by the address hashed with the day's salt.
      limitBeacons(visitorHash(daySaltValue, request.caller.clientIp, '', 'beacon-rate'));
      const userAgent = request.caller.userAgent ?? '';
      if (request.prefetch || request.globalPrivacyControl) return false;
      const browser = classify(userAgent);
      if (browser.bot) return false;
      const path = countedPath(beacon.path);
      if (path === null) return false;
      if (!(await counting.read()).enabled) return false;
      if (request.staffToken && (await isLiveStaffRefreshToken(db, request.staffToken))) return false;
      if (buffer.size >= MAX_KEYS) {
        dropped += 1;
        return false;
      }
      const campaign: [string, string, string] | null =
        beacon.utm_source || beacon.utm_medium || beacon.utm_campaign ? [beacon.utm_source, beacon.utm_medium, beacon.utm_campaign] : null;
      buffer.add({
        day,
        at: Math.floor(nowMs / 1000),
        visitor: visitorHash(daySaltValue, request.caller.clientIp, userAgent, origin),
        path,
        source: sourceOf(beacon.referrer, beacon.utm_source, siteHost),
        campaign,
        country: countryOfTimeZone(beacon.tz),
        client: browser.client,
      });
      if (buffer.size >= FLUSH_AT_KEYS) flushInBackground();
      else scheduleFlush();
      return true;
    },

    /** Writes the buffer now: at shutdown, and for tests and benchmarks that read the roll-ups. */
    flush,

    /** Deletes salts older than 48 hours with their day's visitor hashes (maintenance, hourly). */
    pruneSalts: (): Promise<number> => deleteOldSalts(db, nowSeconds() - SALT_LIFETIME_SECONDS),
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;

/** A beacon's body as text: JSON sent as `application/json` or, by `sendBeacon` with a string, `text/plain`. */
export function parseBeaconText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError('INVALID_JSON', 'The beacon is not valid JSON');
  }
}
