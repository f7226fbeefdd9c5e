import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Caller } from '../services/caller.ts';

/**
 * The caller's address, for rate limits and logs. `X-Forwarded-For` is only
 * believed behind a trusted proxy (TRUST_PROXY=true); otherwise anyone could
 * pick a fresh address per request and walk around every limit.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (requests handed to the app in process, as tests do).
    return 'unknown';
  }
}

/** Reads who is asking from a request, as the services need it. */
export type CallerOf = (c: Context) => Caller;

export const callerReader =
  (trustProxy: boolean): CallerOf =>
  (c) => ({ clientIp: clientIp(c, trustProxy) });
