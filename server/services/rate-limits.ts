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
