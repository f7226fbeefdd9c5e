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

/** Subjects one in-memory limiter remembers in a window; past it, the oldest are forgotten first. */
const MEMORY_LIMIT_SUBJECTS = 200_000;

/** An in-memory limit: counts one event of `subject`, throwing RATE_LIMITED past the rule. */
export interface MemoryRateLimit {
  (subject: string, now?: number): void;
  /** Subjects remembered in the current window. */
  size(): number;
}

/**
 * A fixed-window limit counted in this server's memory, for events too
 * frequent to write a counter for each (page-view beacons and counted
 * clicks, decision 071): each server counts its own requests, so the limit
 * holds per server. Counters of past windows are dropped whole when the
 * window turns. The subjects remembered are bounded: a new one past the cap
 * takes the place of the one first seen in the window (a map keeps that
 * order), so a flood of fresh addresses costs a forgotten count, never
 * memory, and a new subject is always counted.
 */
export function memoryRateLimit(rule: RateLimitRule, { maxSubjects = MEMORY_LIMIT_SUBJECTS } = {}): MemoryRateLimit {
  let windowStart = -1;
  let counts = new Map<string, number>();
  const hit = (subject: string, now = Math.floor(Date.now() / 1000)) => {
    const start = now - (now % rule.windowSeconds);
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const known = counts.get(subject);
    if (known === undefined && counts.size >= maxSubjects) {
      const oldest = counts.keys().next();
      if (!oldest.done) counts.delete(oldest.value);
    }
    const count = (known ?? 0) + 1;
    counts.set(subject, count);
    if (count > rule.max) {
      throw tooManyRequests({ allowed: false, count, retryAfterSeconds: Math.max(1, start + rule.windowSeconds - now) });
    }
  };
  return Object.assign(hit, { size: () => counts.size });
}
