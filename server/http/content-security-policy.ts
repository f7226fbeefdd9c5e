/**
 * The Content-Security-Policy of every answer. Pages get a policy with a
 * fresh nonce per response: only scripts carrying it run, and what they load
 * is trusted through 'strict-dynamic', so injected markup can run nothing.
 * API answers are JSON and get a policy that allows nothing at all.
 * See docs/decisions/016-content-security-policy.md.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/** JSON and files never need to run, embed or be embedded. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one draw per nonce was a twentieth of a cached page's time. */
const NONCES_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let taken = 0;

/** 128 random bits, base64: what the CSP specification asks of a nonce. Each one is used once. */
export function createNonce(): string {
  if (taken + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    taken = 0;
  }
  const nonce = pool.toString('base64', taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

/** The script nonce a page policy allows; null for a policy without one. */
export function scriptNonceOf(policy: string | null): string | null {
  return policy?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null;
}

/** Where the GA tag loads from and reports to, when a measurement id is set. */
const ANALYTICS_ORIGINS = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];
/** A form without JavaScript is redirected there after it posts (form-action covers redirects). */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

const originOf = (url: string) => new URL(url).origin;

/**
 * Where browsers PUT images with a presigned S3 address: the endpoint itself
 * (path style), the bucket's host under it, or AWS's regional bucket host.
 */
function uploadOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return [];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    return config.S3_FORCE_PATH_STYLE
      ? [endpoint.origin]
      : [`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
  }
  const region = config.S3_REGION ?? 'us-east-1';
  return [`https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`, `https://${config.S3_BUCKET}.s3.amazonaws.com`];
}

/**
 * Who may show a page in a frame: no one, or any site (the embeddable
 * calculators only, security-headers.ts; docs/decisions/060-embeddable-calculators.md).
 */
export type Framing = 'refused' | 'anywhere';

/**
 * The page policy for this configuration, as a function of the nonce: the
 * rest is fixed at start, so each response only joins three strings.
 */
export function pageContentSecurityPolicy(config: Config, framing: Framing = 'refused'): (nonce: string) => string {
  const analytics = config.GA_MEASUREMENT_ID ? ANALYTICS_ORIGINS : [];
  const images = ["'self'", 'data:', 'blob:', ...(config.S3_PUBLIC_URL ? [originOf(config.S3_PUBLIC_URL)] : []), ...analytics];
  const connections = ["'self'", ...uploadOrigins(config), ...analytics];
  const formTargets = ["'self'", ...(config.STRIPE_SECRET_KEY ? [STRIPE_CHECKOUT_ORIGIN] : [])];
  const before = "default-src 'self'; script-src 'nonce-";
  const after = [
    "' 'strict-dynamic'",
    // Inline style attributes and small <style> blocks (the no-script rule of the consent banner); styles cannot run code.
    "; style-src 'self' 'unsafe-inline'",
    `; img-src ${images.join(' ')}`,
    "; font-src 'self' data:",
    `; connect-src ${connections.join(' ')}`,
    `; form-action ${formTargets.join(' ')}`,
    `; frame-ancestors ${framing === 'anywhere' ? '*' : "'none'"}; base-uri 'none'; object-src 'none'`,
  ].join('');
  return (nonce) => before + nonce + after;
}

const FRAME_SOURCE = /;\s*frame-src ([^;]*)/;

/**
 * A page policy that also lets these origins be framed (`frame-src`): a
 * page with a campaign video allows its host's player, and only there
 * (decision 094). With none, the policy as it was, where `default-src
 * 'self'` frames nothing from elsewhere.
 */
export function withFrameSources(policy: (nonce: string) => string, origins: readonly string[]): (nonce: string) => string {
  if (origins.length === 0) return policy;
  const directive = `; frame-src ${[...new Set(origins)].join(' ')}`;
  return (nonce) => policy(nonce) + directive;
}

/** The origins a rendered page's policy lets it frame; none when it names none. */
export function frameSourcesOf(policy: string | null | undefined): string[] {
  const sources = policy?.match(FRAME_SOURCE)?.[1]?.trim();
  return sources ? sources.split(/\s+/) : [];
}
