/**
 * Configuration: every environment variable the server reads, parsed and
 * validated once at start. A bad value stops the process with one line that
 * names the variable (see `loadConfigOrExit`).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { NEW_PASSWORD_MIN_LENGTH } from '../common/schemas/auth.ts';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

// Plain decimal digits only: Number() would also take '0x10' or '1e3'.
const wholeNumber = (value: unknown) => {
  const present = emptyToUndefined(value);
  if (typeof present !== 'string') return present;
  return /^[0-9]+$/.test(present.trim()) ? Number(present) : Number.NaN;
};

const optionalText = z.preprocess(emptyToUndefined, z.string().trim().optional());

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
);

// How many proxies in front of the server append to X-Forwarded-For: false
// or 0 (believe none), true (one, as before), or a whole number of hops.
const proxyHops = z.preprocess(
  (value: unknown) => {
    const present = emptyToUndefined(value);
    if (typeof present !== 'string') return present;
    const text = present.trim().toLowerCase();
    if (text === 'true' || text === 'yes') return 1;
    if (text === 'false' || text === 'no') return 0;
    return /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ message: 'must be true, false or a whole number of trusted proxy hops' })
    .int('must be true, false or a whole number of trusted proxy hops')
    .max(100, 'must be true, false or a whole number of trusted proxy hops')
    .optional(),
);

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

export const configSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('development'),
  ),
  PORT: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a port number between 0 and 65535' })
      .max(65535, 'must be a port number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number between 1 and 200' })
      .int('must be a whole number between 1 and 200')
      .min(1, 'must be a whole number between 1 and 200')
      .max(200, 'must be a whole number between 1 and 200')
      .default(10),
  ),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    // The policy of every password set (server/auth/password-policy.ts); the
    // common-password list is checked at start, where it is used.
    z.string().min(NEW_PASSWORD_MIN_LENGTH, `must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`).optional(),
  ),
  SEED_DEMO: booleanFlag.default(false),
  NEWSLETTER_DOUBLE_OPT_IN: booleanFlag.default(true),
  // The site's canonical origin. Every absolute link (mail, feeds, sitemap,
  // canonical tags, provider return URLs) is built from it, never from a
  // request's Host header. Required in production; elsewhere it defaults to
  // http://localhost:$PORT (`parseConfig`).
  PUBLIC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  TRUST_PROXY: proxyHops.default(0),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  // The key two-factor secrets and unsubscribe links are sealed with
  // (server/auth/totp-encryption-key.ts): 64 hex digits or 44 base64
  // characters of a random 32-byte key, or a passphrase of 32 characters or
  // more. Unset, a key generated into DATA_DIR. Several servers share one.
  TOTP_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(32, 'must be at least 32 characters: a random 32-byte key as 64 hex digits or 44 base64 characters, or a passphrase')
      .optional(),
  ),
  // Unset, /metrics does not exist; set, it answers only this bearer token.
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, httpUrl.optional()),
  // Without a Stripe key, the built-in test checkout (which charges nothing)
  // runs only outside production, or in production when this is set.
  PAYMENTS_TEST_MODE: booleanFlag.default(false),
  // Campaign pages are fetched from public addresses only; true lets them
  // come from private and loopback ones too (a local fixture server in tests).
  CAMPAIGN_FETCH_ALLOW_PRIVATE: booleanFlag.default(false),
  // Webhooks go to public https addresses only (https in production); true
  // allows plain http and private and loopback addresses (a receiver on the
  // same network, a test receiver on 127.0.0.1).
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
  SPONSORED_PRICE_CENTS: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of cents' })
      .int('must be a whole number of cents')
      .min(50, 'must be at least 50 cents')
      .default(7500),
  ),
  SPONSORED_CURRENCY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO currency code')
      .transform((value) => value.toLowerCase())
      .default('usd'),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, httpUrl.optional()),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Where reads of /uploads/* are redirected (a CDN or the bucket's public
  // address); unset, this server streams them from the bucket itself.
  S3_PUBLIC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  // How long an upload address stays valid (at most S3's 7 days).
  UPLOAD_URL_TTL_SECONDS: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of seconds between 1 and 604800' })
      .int('must be a whole number of seconds between 1 and 604800')
      .min(1, 'must be a whole number of seconds between 1 and 604800')
      .max(604800, 'must be a whole number of seconds between 1 and 604800')
      .default(900),
  ),
  // Most megabytes the uploads under DATA_DIR may take (local disk only);
  // unset, only the disk itself limits them.
  UPLOAD_QUOTA_MB: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of megabytes, at least 1' })
      .int('must be a whole number of megabytes, at least 1')
      .min(1, 'must be a whole number of megabytes, at least 1')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  // Newsletter sending: messages per second over all connections (0: as
  // fast as the server takes them), and connections kept open to SMTP_URL.
  NEWSLETTER_RATE_PER_SECOND: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of messages per second between 0 and 10000' })
      .int('must be a whole number of messages per second between 0 and 10000')
      .min(0, 'must be a whole number of messages per second between 0 and 10000')
      .max(10000, 'must be a whole number of messages per second between 0 and 10000')
      .default(10),
  ),
  NEWSLETTER_SMTP_CONNECTIONS: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number between 1 and 50' })
      .int('must be a whole number between 1 and 50')
      .min(1, 'must be a whole number between 1 and 50')
      .max(50, 'must be a whole number between 1 and 50')
      .default(2),
  ),
  // DKIM signing of outgoing mail; all three, or none.
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText,
  ADMIN_NOTIFY_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('must be an e-mail address').optional(),
  ),
  // On SIGTERM the readiness check answers 503 and new requests are still
  // served this long, so a load balancer notices before connections are refused.
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of seconds between 0 and 60' })
      .int('must be a whole number of seconds between 0 and 60')
      .max(60, 'must be a whole number of seconds between 0 and 60')
      .default(0),
  ),
  // Days the audit log is kept; at least a year, so a year's changes can always be traced.
  AUDIT_LOG_RETENTION_DAYS: z.preprocess(
    wholeNumber,
    z
      .number({ message: 'must be a whole number of days, at least 365' })
      .int('must be a whole number of days, at least 365')
      .min(365, 'must be a whole number of days, at least 365')
      .max(36500, 'must be a whole number of days, at most 36500')
      .default(400),
  ),
  // A CDN in front, purged exactly on each write (decision 098); none: nothing is purged.
  CDN_PURGE: z.preprocess(
    emptyToUndefined,
    z.enum(['varnish', 'cloudflare', 'fastly', 'bunny'], { message: 'must be varnish, cloudflare, fastly or bunny' }).optional(),
  ),
  /** Varnish: the address purges are sent to (`PURGE` with `xkey-purge`). */
  CDN_PURGE_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  /** Cloudflare: the zone id; Bunny: the pull zone id. */
  CDN_PURGE_ZONE_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]+$/, 'must be a zone id (letters, digits, - and _)').optional()),
  /** Fastly: the service id. */
  CDN_PURGE_SERVICE_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]+$/, 'must be a service id (letters, digits, - and _)').optional()),
  /** Cloudflare's API token, Fastly's API token or Bunny's AccessKey. */
  CDN_PURGE_TOKEN: optionalText,
  /** Cloudflare only: `urls` purges the kept pages' addresses, for plans without purge by tag. */
  CDN_PURGE_BY: z.preprocess(emptyToUndefined, z.enum(['tags', 'urls'], { message: 'must be tags or urls' }).optional()),
  /** The CDN's API origin, in place of its public one (a stand-in, in tests). */
  CDN_PURGE_API_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  GA_MEASUREMENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
  ),
});

/** The parsed configuration; `PUBLIC_URL` is always set, and is an origin (no path, no trailing slash). */
export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/**
 * The site's canonical origin: every absolute link the server builds (mails,
 * checkout returns, feeds, canonical tags) starts with it, never with a
 * request's Host header (decision 054).
 */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL'>): string {
  return config.PUBLIC_URL;
}

/** The absolute address of a path on this site (`/admin/account` → `https://example.com/admin/account`). */
export function siteLink(config: Pick<Config, 'PUBLIC_URL'>, path: `/${string}`): string {
  return `${siteOrigin(config)}${path}`;
}

/** Secrets that may come from a file instead (`NAME_FILE`, as Docker and Kubernetes secrets are mounted). */
const FILE_VARIANTS = ['DKIM_PRIVATE_KEY'] as const;

function readFileVariants(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...env };
  for (const name of FILE_VARIANTS) {
    const file = env[`${name}_FILE`];
    if (!file || env[name]) continue;
    try {
      resolved[name] = readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(`Invalid configuration: ${name}_FILE cannot be read (${file})`);
    }
  }
  return resolved;
}

/** Parses the given environment; throws a one-line Error naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(readFileVariants(env));
  if (result.success) {
    const dkim = [result.data.DKIM_DOMAIN, result.data.DKIM_SELECTOR, result.data.DKIM_PRIVATE_KEY];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      throw new ConfigError('Invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) go together');
    }
    checkCdnPurge(result.data);
    return { ...result.data, PUBLIC_URL: publicOrigin(result.data) };
  }
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}

/** What each CDN needs to be purged: a value missing stops the start, rather than purges failing later. */
function checkCdnPurge(config: z.infer<typeof configSchema>): void {
  const cdn = config.CDN_PURGE;
  const needs: Record<NonNullable<typeof cdn>, (keyof typeof config)[]> = {
    varnish: ['CDN_PURGE_URL'],
    cloudflare: ['CDN_PURGE_ZONE_ID', 'CDN_PURGE_TOKEN'],
    fastly: ['CDN_PURGE_SERVICE_ID', 'CDN_PURGE_TOKEN'],
    bunny: ['CDN_PURGE_ZONE_ID', 'CDN_PURGE_TOKEN'],
  };
  if (cdn === undefined) return;
  const missing = needs[cdn].filter((name) => !config[name]);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: CDN_PURGE=${cdn} needs ${missing.join(' and ')}`);
  if (config.CDN_PURGE_BY === 'urls' && cdn !== 'cloudflare') {
    throw new ConfigError('Invalid configuration: CDN_PURGE_BY=urls is for CDN_PURGE=cloudflare only (the others purge by tag)');
  }
}

/**
 * The origin links are built from. A production server must be told it: with
 * no configured address the only other source would be the request's Host
 * header, which anyone can set (a reset link mailed to `evil.example`).
 */
function publicOrigin({ PUBLIC_URL, NODE_ENV, PORT }: z.infer<typeof configSchema>): string {
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  if (NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required in production (the address visitors reach the site at, for example https://example.com)',
    );
  }
  return `http://localhost:${PORT}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** For entry points: a bad value prints one line and ends the process. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
