/**
 * Rate-limit counters, kept in the database rather than in process memory so
 * every app server behind a load balancer sees the same count.
 */
import { sql } from 'kysely';
import type { Db } from '../schema.ts';

/** A limit of `max` events per `windowSeconds` for one key. */
export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one event against a fixed window. Counters live in the database,
 * not in process memory, so every app server behind a load balancer sees
 * the same count. One upsert, atomic on both engines.
 */
export async function hitRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now = Math.floor(Date.now() / 1000),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const windowStart = now - (now % rule.windowSeconds);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= rule.max,
    count: row.count,
    retryAfterSeconds: Math.max(1, windowStart + rule.windowSeconds - now),
  };
}

/** Reads a counter without counting (for limits that only count failures). */
export async function peekRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now = Math.floor(Date.now() / 1000),
): Promise<RateLimitResult> {
  const windowStart = now - (now % rule.windowSeconds);
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', `${rule.name}:${subject}`)
    .executeTakeFirst();
  const count = row && row.window_start === windowStart ? row.count : 0;
  return {
    allowed: count < rule.max,
    count,
    retryAfterSeconds: Math.max(1, windowStart + rule.windowSeconds - now),
  };
}

export async function clearRateLimit(db: Db, rule: RateLimitRule, subject: string) {
  await db.deleteFrom('rate_limits').where('key', '=', `${rule.name}:${subject}`).execute();
}

/** Removes counters whose window ended long ago; called now and then. */
export async function pruneRateLimits(db: Db, olderThanSeconds: number) {
  const cutoff = Math.floor(Date.now() / 1000) - olderThanSeconds;
  await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute();
}
