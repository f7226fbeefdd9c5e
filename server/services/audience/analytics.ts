/**
 * Cookie-free page-view counting (decision 065). A beacon is reduced at
 * once to a visitor hash and families (server/analytics/visitor.ts); the
 * address and User-Agent go no further than this function. Views wait in
 * an in-memory buffer aggregated by key and are written at least every
 * 5 seconds, when the buffer grows large, and at shutdown, with upserts that
 * add, so several servers can write the same rows.
 */
import type { AnalyticsSettingsJson } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import { analyticsSettingsSchema, pageViewBeaconSchema, type PageViewBeacon } from '../../../common/schemas/analytics.ts';
import { validate } from '../../../common/validate.ts';
import { ViewBuffer } from '../../analytics/buffer.ts';
import { DayValues, OTHER } from '../../analytics/day-values.ts';
import type { PublicPages } from '../../analytics/public-pages.ts';
import { classify, countedPath, countryOfTimeZone, newSalt, siteDay, sourceOf, visitorHash } from '../../analytics/visitor.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { isLiveStaffRefreshToken } from '../../auth/tokens.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { addToDaily, daySalt, deleteOldSalts, insertVisitors, prunePresence, touchPresence, valuesOfDay } from '../../db/queries/analytics.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import { ownerSwitch } from '../owner-switch.ts';
import { memoryRateLimit } from '../rate-limits.ts';

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

/** Distinct sources a day may hold (per server); a new one past it is counted as "Other". */
export const SOURCES_PER_DAY = 200;
/** Distinct UTM campaigns (source, medium and campaign together) a day may hold (per server). */
export const CAMPAIGNS_PER_DAY = 100;

/** Why a beacon was not counted, as `/metrics` names it (`page_views_not_counted_total{reason}`). */
export const NOT_COUNTED_REASONS = [
  'malformed',
  'cross_site',
  'rate_limited',
  'prefetch',
  'privacy',
  'bot',
  'not_public',
  'unknown_page',
  'counting_off',
  'staff',
  'buffer_full',
  'failed',
] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** What the HTTP layer reads from a beacon's request, besides its body. */
export interface BeaconRequest {
  caller: Caller;
  /** Sent by a page of another site (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not the site's). */
  fromAnotherSite: boolean;
  /** `Sec-Purpose` or `Purpose` says prefetch. */
  prefetch: boolean;
  /** `Sec-GPC: 1`. */
  globalPrivacyControl: boolean;
  /** The back office's refresh cookie, when the browser sent one. */
  staffToken: string | undefined;
}

export function analyticsService(deps: AppDeps, audit: AuditLogService, pages: PublicPages) {
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
  const sources = new DayValues(SOURCES_PER_DAY, (day) => valuesOfDay(db, 'source', day));
  const campaigns = new DayValues(CAMPAIGNS_PER_DAY, (day) => valuesOfDay(db, 'campaign', day));
  const notCounted = new Map<NotCountedReason, number>(NOT_COUNTED_REASONS.map((reason) => [reason, 0]));
  const skip = (reason: NotCountedReason): false => {
    notCounted.set(reason, (notCounted.get(reason) ?? 0) + 1);
    return false;
  };

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

  /** Counts a well-formed beacon from the site's own pages unless it must not be; throws past the rate. */
  async function admitView(beacon: PageViewBeacon, request: BeaconRequest): Promise<boolean> {
    const nowMs = Date.now();
    const day = siteDay(nowMs, (await deps.siteProfileCache.current()).time_zone);
    const daySaltValue = await saltOf(day);
    try {
      // Counted in memory per server (decision 071), keyed by the address hashed with the day's salt.
      limitBeacons(visitorHash(daySaltValue, request.caller.clientIp, '', 'beacon-rate'));
    } catch (error) {
      skip('rate_limited');
      throw error;
    }
    const userAgent = request.caller.userAgent ?? '';
    if (request.prefetch) return skip('prefetch');
    if (request.globalPrivacyControl) return skip('privacy');
    const browser = classify(userAgent);
    if (browser.bot) return skip('bot');
    const path = countedPath(beacon.path);
    if (path === null) return skip('not_public');
    if (!(await pages.exists(path))) return skip('unknown_page');
    if (!(await counting.read()).enabled) return skip('counting_off');
    if (request.staffToken && (await isLiveStaffRefreshToken(db, request.staffToken))) return skip('staff');
    if (buffer.size >= MAX_KEYS) {
      dropped += 1;
      return skip('buffer_full');
    }
    const tagged = beacon.utm_source || beacon.utm_medium || beacon.utm_campaign;
    const campaign = tagged ? await campaigns.admit(day, JSON.stringify([beacon.utm_source, beacon.utm_medium, beacon.utm_campaign])) : null;
    const source = sourceOf(beacon.referrer, beacon.utm_source, siteHost);
    buffer.add({
      day,
      at: Math.floor(nowMs / 1000),
      visitor: visitorHash(daySaltValue, request.caller.clientIp, userAgent, origin),
      path,
      source: source && (await sources.admit(day, source)),
      campaign: campaign === null ? null : campaign === OTHER ? JSON.stringify([OTHER, '', '']) : campaign,
      country: countryOfTimeZone(beacon.tz),
      client: browser.client,
    });
    if (buffer.size >= FLUSH_AT_KEYS) flushInBackground();
    else scheduleFlush();
    return true;
  }

  return {
    /** Whether counting is on (cached briefly): page views, and the clicks the other counters record. */
    countingEnabled: async (): Promise<boolean> => (await counting.read()).enabled,

    settings: (): Promise<AnalyticsSettingsJson> => counting.read(true),

    async updateSettings(staff: Staff, values: unknown, caller: Caller): Promise<AnalyticsSettingsJson> {
      return (await counting.write(staff, values, caller)).after;
    },

    /**
     * Takes one beacon, its body read by `readBody` (which throws for one
     * that cannot be read): refuses a malformed one, one from another site
     * and a caller over the rate, then counts it unless it must not be (a
     * bot, a prefetch, Global Privacy Control, staff, a path that is no
     * public page, counting off). Returns whether it was counted; every
     * beacon not counted is counted under its reason, a failure to count
     * too.
     */
    async recordView(readBody: () => Promise<unknown>, request: BeaconRequest): Promise<boolean> {
      let beacon: PageViewBeacon;
      try {
        beacon = validate(pageViewBeaconSchema, await readBody());
      } catch (error) {
        skip('malformed');
        throw error;
      }
      if (request.fromAnotherSite) {
        skip('cross_site');
        throw new DomainError('FORBIDDEN', "Views are counted from the site's own pages only");
      }
      try {
        return await admitView(beacon, request);
      } catch (error) {
        // A caller over the rate was counted as such; anything else is this server failing to count.
        if (!(error instanceof DomainError && error.code === 'RATE_LIMITED')) skip('failed');
        throw error;
      }
    },

    /**
     * The day a click is counted on and its address's key for it: the
     * address hashed with the day's salt and `purpose`, never kept as it is.
     */
    async addressOfDay(clientIp: string, purpose: string): Promise<{ day: string; key: string }> {
      const day = siteDay(Date.now(), (await deps.siteProfileCache.current()).time_zone);
      return { day, key: visitorHash(await saltOf(day), clientIp, '', purpose) };
    },

    /**
     * True the first time `key` (from `addressOfDay`) does `what` on `day`,
     * across servers: kept with the day's visitor hashes, and deleted with
     * them and their salt after 48 hours.
     */
    firstToday: async (day: string, key: string, what: string): Promise<boolean> =>
      (await insertVisitors(db, [{ day, visitor: key, path: what }])).length > 0,

    /** Beacons not counted since the server started, by reason (for `/metrics`). */
    notCounted: (): ReadonlyMap<NotCountedReason, number> => notCounted,

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
