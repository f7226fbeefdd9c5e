import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Caller } from '../auth/caller.ts';

/**
 * The client address that `trustedHops` proxies in front of this server
 * report in `X-Forwarded-For`, or undefined when there is none to believe.
 *
 * Each proxy (nginx's `$proxy_add_x_forwarded_for`, AWS ALB, …) appends the
 * address it received the request from, so the right-most `trustedHops`
 * entries were written by our own proxies and everything to their left is
 * whatever the client sent. The client is therefore the `trustedHops`-th entry
 * from the right; the left-most entry (the first one a client would forge) is
 * only taken when the header has fewer entries than that, i.e. when all of
 * them were written by trusted proxies.
 */
export function forwardedClient(header: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops < 1 || !header) return undefined;
  // Empty entries can only come from the client (proxies always write an address).
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustedHops)];
}

/**
 * The caller's address, for rate limits and logs. `X-Forwarded-For` is only
 * believed behind trusted proxies (TRUST_PROXY=<hops>), and then only the
 * entries those proxies appended; otherwise anyone could pick a fresh address
 * per request and walk around every limit.
 */
export function clientIp(c: Context, trustedHops: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustedHops);
  if (forwarded) return forwarded;
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
  (trustedHops: number): CallerOf =>
  (c) => ({ clientIp: clientIp(c, trustedHops), userAgent: c.req.header('user-agent') ?? '' });
