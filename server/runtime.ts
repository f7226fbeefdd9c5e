/**
 * Everything that happens once at start, before the first request: open the
 * database, apply migrations, make sure an administrator exists, load demo
 * content when asked, load the signing key and the key of secrets at rest
 * (refusing keys other than the first server's, and sealing any two-factor
 * secret still in plain text).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { ensureFirstAdministrator } from './auth/bootstrap-admin.ts';
import { checkKeyFingerprints } from './auth/key-fingerprints.ts';
import { loadSigningKey } from './auth/signing-key.ts';
import { loadTotpEncryptionKey } from './auth/totp-encryption-key.ts';
import { sealStoredTotpSecrets } from './auth/totp-secrets.ts';
import type { Config } from './config.ts';
import { openDatabase, withFirstRunLock, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoContent } from './db/seed-demo.ts';
import { readSiteImage } from './storage/site-files.ts';
import { DEFAULT_RATE_LIMITS, type AppDeps } from './deps.ts';
import { paymentModeOf } from './payments/create-provider.ts';
import type { AppServices } from './services/index.ts';
import { buildDeps, composeApp } from './start-up.ts';

export const SQLITE_FILE_NAME = 'site.db';

export function openConfiguredDatabase(config: Config, logger?: Logger): DatabaseHandle {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, SQLITE_FILE_NAME),
    poolSize: config.DATABASE_POOL_SIZE,
    onConnectionError: (error) =>
      logger?.warn({ err: error }, 'database connection lost: the next query opens a new one'),
  });
}

export interface Runtime {
  deps: AppDeps;
  /** The domain services, one set for the API and the pages. */
  services: AppServices;
  /**
   * The administrator this start created with a generated password, shown
   * once in the start banner (server/start-banner.ts): never a log event,
   * so it never reaches log storage.
   */
  firstAdmin?: { email: string; password: string };
  close: () => Promise<void>;
}

/** A demo cover is about 20 KB: anything far larger is not one of ours. */
const MAX_DEMO_COVER_BYTES = 1024 * 1024;
/** How long a first start waits for the demo covers to be stored before it serves anyway. */
const DEMO_COVERS_WAIT_MS = 15_000;

export async function startRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const totpEncryptionKey = loadTotpEncryptionKey(config.TOTP_ENCRYPTION_KEY, config.DATA_DIR);
  const signingKey = loadSigningKey(config.JWT_SECRET, config.DATA_DIR);
  const handle = openConfiguredDatabase(config, logger);
  let firstAdmin: Runtime['firstAdmin'];
  let seededNow = false;
  try {
    await migrateToLatest(handle);
    // Before anything is read or sealed with them: a server with keys of its own would answer half the links with 404.
    await checkKeyFingerprints(handle.db, { TOTP_ENCRYPTION_KEY: totpEncryptionKey, JWT_SECRET: signingKey });
    const { sealed } = await sealStoredTotpSecrets(handle.db, totpEncryptionKey);
    if (sealed > 0) logger.info({ sealed }, 'two-factor secrets stored in plain text are now encrypted');
    // Servers started together on an empty database take turns here.
    const { admin, seeded } = await withFirstRunLock(handle.db, handle.engine, async (trx) => ({
      admin: await ensureFirstAdministrator(trx, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }),
      seeded: config.SEED_DEMO ? await seedDemoContent(trx) : null,
    }));
    if (admin?.generatedPassword) {
      firstAdmin = { email: admin.email, password: admin.generatedPassword };
    } else if (admin) {
      logger.info({ email: admin.email }, 'administrator created from ADMIN_EMAIL/ADMIN_PASSWORD');
    }
    if (seeded) logger.info(seeded, 'demo content loaded');
    seededNow = seeded !== null;
  } catch (error) {
    await handle.destroy().catch(() => {});
    throw error;
  }
  const deps = buildDeps({
    db: handle.db,
    engine: handle.engine,
    ...(handle.pool ? { dbPool: handle.pool } : {}),
    config,
    logger,
    signingKey,
    totpEncryptionKey,
    rateLimits: DEFAULT_RATE_LIMITS,
  });
  warnAboutPaymentSetup(config, logger);
  const { services } = composeApp(deps);
  if (seededNow) {
    // Before anything is served, so the demo pages show their covers' sized copies from the first visit; but a
    // bucket that does not answer must not hold the start: past the wait it goes on in the background, and the
    // pages already kept are dropped when the rows change.
    const moving = services.demoContent
      .moveCoversToUploads(async (address) => {
        const read = await readSiteImage(address, MAX_DEMO_COVER_BYTES);
        return read?.status === 'read' ? read.bytes : null;
      })
      .then(
        (moved) => logger.info({ covers: moved }, 'demo covers stored as uploads'),
        (error: unknown) => logger.warn({ err: error }, 'demo covers could not be stored as uploads: they stay the site images'),
      );
    await Promise.race([moving, new Promise((resolve) => setTimeout(resolve, DEMO_COVERS_WAIT_MS).unref())]);
  }
  return {
    deps,
    services,
    ...(firstAdmin ? { firstAdmin } : {}),
    close: () => handle.destroy(),
  };
}

function warnAboutPaymentSetup(config: Config, logger: Logger) {
  const mode = paymentModeOf(config);
  if (mode === 'off') {
    // The test checkout would give sponsored posts away in production.
    logger.warn(
      'STRIPE_SECRET_KEY is not set: sponsored checkouts are refused until it is set (or PAYMENTS_TEST_MODE=true enables the built-in test checkout, which charges nothing)',
    );
    return;
  }
  if (mode === 'test') {
    // Fine on a laptop; in production only when asked for explicitly.
    if (config.NODE_ENV === 'production') {
      logger.warn('PAYMENTS_TEST_MODE is on and STRIPE_SECRET_KEY is not set: sponsored posts are paid through the built-in test checkout, which charges nothing');
    }
    return;
  }
  if (!config.STRIPE_WEBHOOK_SECRET) {
    logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused; payments settle only when visitors return');
  }
}
