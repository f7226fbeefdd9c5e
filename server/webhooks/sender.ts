/**
 * One attempt of one delivery: a POST to the endpoint through the outbound
 * guard (its host resolved and checked at this attempt, the connection
 * pinned to the address checked), with a short deadline, redirects not
 * followed (a receiver answers where it is), and at most a cap of the
 * answer read, of which a short excerpt is kept for the log.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isRefusedAddress } from '../outbound/address-policy.ts';
import { AddressRefused, checkedAddress, HostNotFound, pinnedLookup } from '../outbound/checked-address.ts';

export interface SendPolicy {
  timeoutMs: number;
  /** The most of an answer read; the rest is dropped with the connection. */
  maxAnswerBytes: number;
  /** WEBHOOKS_ALLOW_PRIVATE: any address and plain http. */
  allowPrivate: boolean;
  /** NODE_ENV=production: https only, unless `allowPrivate`. */
  production: boolean;
  userAgent: string;
}

export const DEFAULT_SEND_LIMITS = { timeoutMs: 10_000, maxAnswerBytes: 64 * 1024 } as const;

/** What the log keeps of an answer. */
const EXCERPT_CHARS = 500;

export interface SendOutcome {
  ok: boolean;
  /** The answer's status; null when none came. */
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  /** Why it failed, in the owner's words. */
  error: string | null;
}

/** Why an endpoint's address is refused by this server's policy, or null when it is not (the address itself is checked at each attempt). */
export function urlRefusal(text: string, policy: Pick<SendPolicy, 'allowPrivate' | 'production'>): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Endpoint URL is not a valid URL';
  }
  if (policy.allowPrivate) return null;
  if (policy.production && url.protocol !== 'https:') return 'Endpoint URL must start with https://';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isRefusedAddress(host))) {
    return 'Endpoint URL is a private or local address: webhooks are sent to public addresses only';
  }
  return null;
}

/** POSTs `body` with `headers` to `text`, once. Never throws: a failure is an outcome. */
export async function sendWebhook(text: string, headers: Record<string, string>, body: string, policy: SendPolicy): Promise<SendOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...outcome, durationMs: Math.round(performance.now() - started) });
  const refusal = urlRefusal(text, policy);
  if (refusal) return done({ ok: false, status: null, excerpt: null, error: refusal });
  const url = new URL(text);
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    const target = await checkedAddress(url, policy.allowPrivate ? () => true : (address) => !isRefusedAddress(address));
    const answer = await new Promise<{ status: number; bytes: Buffer }>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup: pinnedLookup(target),
          signal: controller.signal,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': policy.userAgent },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks) });
          response.on('data', (chunk: Buffer) => {
            if (size >= policy.maxAnswerBytes) return;
            const room = policy.maxAnswerBytes - size;
            chunks.push(chunk.subarray(0, room));
            size += Math.min(chunk.length, room);
            // Enough read: the rest is not wanted.
            if (size >= policy.maxAnswerBytes) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    const excerpt = answer.bytes.length > 0 ? new TextDecoder().decode(answer.bytes).slice(0, EXCERPT_CHARS) : null;
    const ok = answer.status >= 200 && answer.status < 300;
    return done({ ok, status: answer.status, excerpt, error: ok ? null : `The endpoint answered ${answer.status}` });
  } catch (error) {
    let reason: string;
    if (error instanceof AddressRefused) reason = `${error.host} is a private or local address: webhooks are sent to public addresses only`;
    else if (error instanceof HostNotFound) reason = `${error.host} could not be found`;
    else if (controller.signal.aborted) reason = `The endpoint did not answer within ${Math.ceil(policy.timeoutMs / 1000)} s`;
    else reason = `The endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    return done({ ok: false, status: null, excerpt: null, error: reason });
  } finally {
    clearTimeout(deadline);
  }
}
