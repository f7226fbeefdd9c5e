/**
 * Rate limits as the services apply them: count the event, and refuse with
 * RATE_LIMITED (and how long to wait) once a rule's limit is passed.
 */
import { DomainError } from '../../common/errors.ts';
import { hitRateLimit, type RateLimitResult, type RateLimitRule } from '../db/queries/rate-limits.ts';
import type { Db } from '../db/schema.ts';

export function tooManyRequests(result: RateLimitResult): DomainError {
  return new DomainError(
    'RATE_LIMITED',
    `Too many requests. Please try again in ${formatWait(result.retryAfterSeconds)}.`,
    { retryAfterSeconds: result.retryAfterSeconds },
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Counts one event for `subject`; throws RATE_LIMITED once the rule's limit is passed. */
export async function enforceRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const result = await hitRateLimit(db, rule, subject);
  if (!result.allowed) throw tooManyRequests(result);
}

/** Subjects one in-memory limiter tracks per window; past it, new subjects pass uncounted until the window turns. */
const MEMORY_LIMIT_SUBJECTS = 200_000;

/**
 * A fixed-window limit counted in this server's memory, for events too
 * frequent to write a counter for each (page-view beacons, decision 071):
 * each server counts its own requests, so the limit holds per server.
 * Counters of past windows are dropped whole when the window turns.
 */
export function memoryRateLimit(rule: RateLimitRule): (subject: string, now?: number) => void {
  let windowStart = -1;
  let counts = new Map<string, number>();
  return (subject, now = Math.floor(Date.now() / 1000)) => {
    const start = now - (now % rule.windowSeconds);
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const known = counts.get(subject);
    if (known === undefined && counts.size >= MEMORY_LIMIT_SUBJECTS) return;
    const count = (known ?? 0) + 1;
    counts.set(subject, count);
    if (count > rule.max) {
      throw tooManyRequests({ allowed: false, count, retryAfterSeconds: Math.max(1, start + rule.windowSeconds - now) });
    }
  };
}
