/**
 * A real app on a freshly migrated real database, one per test file:
 * SQLite in memory, or (TEST_DB=postgres) a private database created on the
 * server of DATABASE_URL_TEST, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { loadTotpEncryptionKey } from '../../server/auth/totp-encryption-key.ts';
import { parseConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createUser } from '../../server/db/queries/users.ts';
import type { UserRole } from '../../server/db/schema.ts';
import { DEFAULT_RATE_LIMITS, type AppDeps, type RateLimits } from '../../server/deps.ts';
import { SITE_NAME } from '../../common/site.ts';
import { createMailer, type Mailer, type MailMessage } from '../../server/mail/mailer.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import type { AppServices } from '../../server/services/index.ts';
import { buildDeps, composeApp } from '../../server/start-up.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct horse battery';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body, sent as is (for content-type and malformed-JSON tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Client address, sent as X-Forwarded-For (the test app trusts the proxy). */
  ip?: string;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  handle: DatabaseHandle;
  /** The services the app was built on (to flush buffered page views, say). */
  services: AppServices;
  request: <T = any>(method: string, path: string, options?: RequestOptions) => Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  /** Signs in as the seeded administrator; returns the login response. */
  login: (email?: string, password?: string) => Promise<{ access_token: string; refresh_token: string; id_token: string }>;
  adminToken: () => Promise<string>;
  createUserWithRole: (email: string, password: string, role: UserRole) => Promise<void>;
  close: () => Promise<void>;
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test never touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { handle: openDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  }
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error('DATABASE_URL_TEST must point at a throwaway PostgreSQL database');
  // A database per file, not a schema: the migrator reads the catalogue of
  // every schema in its database, and a schema another file drops meanwhile
  // fails that read ("schema … does not exist").
  const name = `showcase_test_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: own.toString(), poolSize: 4 });
  return { handle, drop: () => onServer(url, `drop database ${name} with (force)`) };
}

/** One statement on a connection of its own to the database of `url`. */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The mailer of a site without a mail server that also keeps each message it
 * was handed, whole: what its recipient would read, before the outbox cut
 * its private links (decision 088).
 */
export function recordingMailer(handedOver: MailMessage[]): NonNullable<TestAppOptions['mailer']> {
  return ({ db, config, logger }) => {
    const mailer = createMailer({ db, logger, config, siteProfile: { siteName: async () => SITE_NAME } });
    return {
      sendMail: (message) => {
        handedOver.push(message);
        return mailer.sendMail(message);
      },
    };
  };
}

export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  /** More environment variables for the configuration (STRIPE_*, SMTP_URL, …). */
  env?: Record<string, string>;
  /** Builds the payment provider; by default it follows the configuration, as in production. */
  payments?: (deps: Pick<AppDeps, 'db' | 'config'>) => PaymentProvider;
  /** Builds the mailer; by default it follows the configuration, as in production. */
  mailer?: (deps: Pick<AppDeps, 'db' | 'config' | 'logger'>) => Mailer;
  newsletterSenderOptions?: AppDeps['newsletterSenderOptions'];
  campaignFetchLimits?: AppDeps['campaignFetchLimits'];
  webhookSendLimits?: AppDeps['webhookSendLimits'];
  videoPosterSources?: AppDeps['videoPosterSources'];
}

/** `TestApp['request']` against one app, from a fresh client address unless a request names its own. */
function requestsTo(app: TestApp['app']): TestApp['request'] {
  const defaultIp = freshIp();
  return async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? defaultIp, ...opts.headers };
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await app.request(`http://localhost/api${urlPath}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as never, headers: response.headers };
  };
}

/**
 * A second server of the test app's database whose TOTP_ENCRYPTION_KEY is
 * another (as when each server generated its own key file): its requests,
 * and its services. Same signing key, so the first app's tokens sign in here.
 */
export function serverWithAnotherKey(t: TestApp): Pick<TestApp, 'request' | 'services'> {
  const { contentChanges: _c, siteProfileCache: _s, jobs: _j, providerChecks: _p, securitySettingsCache: _k, socialCardCache: _r, pageRenders: _g, changeFeed: _f, ...input } = t.deps;
  const deps = buildDeps({ ...input, totpEncryptionKey: new Uint8Array(randomBytes(32)) });
  const { services } = composeApp(deps);
  return { request: requestsTo(createApp(deps, { services })), services };
}

/**
 * A test app for the enclosing suite (file or describe block): created in
 * its beforeAll, closed in its afterAll. The handle is filled in when the
 * suite starts, so use it inside tests and later hooks only.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
  await migrateToLatest(handle);
  await createUser(handle.db, {
    email: ADMIN_EMAIL,
    passwordHash: await hashPassword(ADMIN_PASSWORD),
    // The first account of a site is its owner, as at start.
    role: 'owner',
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The origin `app.request` is called at, so links in answers and mails can be followed.
    PUBLIC_URL: 'http://localhost',
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  // Its jobs are not started: each test app runs the jobs it enqueues (`media.whenIdle()` waits for them).
  const deps: AppDeps = buildDeps({
    db: handle.db,
    engine: handle.engine,
    ...(handle.pool ? { dbPool: handle.pool } : {}),
    config,
    logger,
    signingKey: new TextEncoder().encode(config.JWT_SECRET),
    totpEncryptionKey: loadTotpEncryptionKey(config.TOTP_ENCRYPTION_KEY, dataDir),
    // Failed logins do not slow down unless a test asks: many suites try wrong passwords on one account.
    rateLimits: { ...DEFAULT_RATE_LIMITS, loginSlowdown: { ...DEFAULT_RATE_LIMITS.loginSlowdown, baseMs: 0, maxMs: 0 }, ...options.rateLimits },
    ...(options.payments ? { payments: options.payments({ db: handle.db, config }) } : {}),
    ...(options.mailer ? { mailer: options.mailer({ db: handle.db, config, logger }) } : {}),
    ...(options.newsletterSenderOptions ? { newsletterSenderOptions: options.newsletterSenderOptions } : {}),
    ...(options.campaignFetchLimits ? { campaignFetchLimits: options.campaignFetchLimits } : {}),
    ...(options.webhookSendLimits ? { webhookSendLimits: options.webhookSendLimits } : {}),
    ...(options.videoPosterSources ? { videoPosterSources: options.videoPosterSources } : {}),
  });
  const { services } = composeApp(deps);
  const app = createApp(deps, { services });
  const request = requestsTo(app);

  let cachedToken: string | undefined;
  const login: TestApp['login'] = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const response = await request('POST', '/auth/login', { body: { email, password }, ip: freshIp() });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  return {
    app,
    deps,
    handle,
    services,
    request,
    login,
    adminToken: async () => (cachedToken ??= (await login()).access_token),
    createUserWithRole: async (email, password, role) => {
      await createUser(handle.db, { email, passwordHash: await hashPassword(password), role });
    },
    close: async () => {
      await handle.destroy();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
