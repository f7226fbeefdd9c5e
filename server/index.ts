/**
 * The server's entry point: configuration, start-up, then one HTTP server for
 * the pages, the API and the media. Stops cleanly on SIGTERM/SIGINT.
 * With `--dev` (`npm run dev`) the pages come from Vite instead of the build.
 */
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { ResponseCache } from './http/response-cache.ts';
import { serveApp } from './http/unread-bodies.ts';
import { loadBuiltWebApp, startDevWebApp } from './pages.ts';
import { startRuntime } from './runtime.ts';
import { requestLogLevel } from './http/request-log.ts';
import { firstAdminNotice, localOrigin, shouldPrintBanner, startBanner } from './start-banner.ts';

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);

let runtime: Awaited<ReturnType<typeof startRuntime>>;
try {
  runtime = await startRuntime(config, logger);
} catch (error) {
  // One line: an AggregateError (several addresses refused) has no message of its own.
  const reason = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  process.stderr.write(`Start-up failed: ${reason.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

const stopMaintenance = scheduleMaintenance({
  db: runtime.deps.db,
  logger,
  media: runtime.services.media,
  campaignRefresh: runtime.services.campaignRefresh,
  analytics: runtime.services.analytics,
  followAlerts: runtime.services.followAlerts,
  auditLogRetentionDays: runtime.deps.config.AUDIT_LOG_RETENTION_DAYS,
});

runtime.deps.jobs.start();
// The CDN's clock (decision 098): one waiting job for every server, started by whichever comes first.
runtime.services.cdn.start().catch((error: unknown) => logger.warn({ err: error }, 'cdn: could not start the clock purge'));
// The webhooks' clock (decision 100): likewise one waiting job for every server.
runtime.services.webhookClock.start().catch((error: unknown) => logger.warn({ err: error }, 'webhooks: could not start the clock'));

const isDev = process.argv.includes('--dev');
const web = isDev
  ? await startDevWebApp(runtime.deps, runtime.services)
  : await loadBuiltWebApp(runtime.deps, runtime.services);
let isShuttingDown = false;
const app = createApp(runtime.deps, {
  ...web,
  services: runtime.services,
  isShuttingDown: () => isShuttingDown,
  publicReadCache: new ResponseCache(runtime.deps),
  requestLogger: logger.child(
    {},
    {
      level: requestLogLevel({
        logLevel: config.LOG_LEVEL,
        demo: config.SEED_DEMO,
        // The parsed configuration has a default; only the environment tells whether it was asked for.
        logLevelSet: Boolean(process.env.LOG_LEVEL?.trim()),
      }),
    },
  ),
});

/**
 * Connections that never finish their request. A client trickling header
 * bytes (slow loris) is cut off after HEADERS_TIMEOUT_MS, long enough for any
 * real browser. The whole request gets REQUEST_TIMEOUT_MS, Node's own
 * default, kept generous because image uploads (up to 25 MB) come through
 * this server. The limits are checked every second rather than every 30 s so
 * a stalled connection does not outlive them by much.
 */
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 300_000;
/**
 * A connection on which nothing moves for this long is closed: a client that
 * stopped reading its answer would otherwise hold its socket (and the
 * buffered answer) forever. Uploads and downloads in progress keep moving.
 */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;

const serverOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: 1_000,
};
const { firstAdmin } = runtime;
const server = serveApp({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions }, (info) => {
  const origin = localOrigin(config.HOST, info.port);
  logger.info({ port: info.port }, `listening on ${origin}`);
  if (shouldPrintBanner({ demo: config.SEED_DEMO, firstAdmin })) {
    // siteName never rejects: it falls back to the built-in name.
    void runtime.deps.siteProfileCache.siteName().then((siteName) =>
      process.stdout.write(startBanner({ origin, firstAdmin, siteName })),
    );
  }
}) as Server; // plain HTTP: no TLS or HTTP/2 options are given
server.once('error', (error: NodeJS.ErrnoException) => {
  if (server.listening) throw error;
  // The port is taken, say. The administrator exists already: its password is shown now or never.
  if (firstAdmin) process.stdout.write(`\n${firstAdminNotice(firstAdmin)}\n`);
  process.stderr.write(`Start-up failed: ${error.message || error.code || error.name}\n`);
  process.exit(1);
});
server.setTimeout(IDLE_SOCKET_TIMEOUT_MS);

/** In-flight requests get this long to finish once the port is closed. */
const IN_FLIGHT_LIMIT_MS = 10_000;
/**
 * Background work due now (the resized copies of a fresh upload) gets this
 * long once the requests are over. A job cut short keeps its claim until the
 * lease runs out; then another server, or this one restarted, takes it over.
 */
const BACKGROUND_LIMIT_MS = 10_000;

async function backgroundWorkDone(): Promise<void> {
  const { jobs } = runtime.deps;
  const finished = await new Promise<boolean>((resolve) => {
    const limit = setTimeout(() => resolve(false), BACKGROUND_LIMIT_MS);
    void jobs.whenIdle().then(
      () => {
        clearTimeout(limit);
        resolve(true);
      },
      () => resolve(false),
    );
  });
  if (!finished) logger.warn('background work still running after the shutdown limit: left to the next server');
  await jobs.stop(0);
}

/**
 * Shutdown (docs/decisions/013-graceful-shutdown.md): readiness turns 503 at
 * once; on SIGTERM requests are still served for SHUTDOWN_DRAIN_SECONDS so a
 * load balancer moves traffic away; then the port closes, requests in flight
 * get IN_FLIGHT_LIMIT_MS to finish, background work BACKGROUND_LIMIT_MS, the
 * buffered page views are written, the database is closed and the process
 * exits 0 (1 when requests had to be cut off). A second signal ends it at once.
 */
function stop(signal: string) {
  if (isShuttingDown) {
    logger.warn({ signal }, 'second signal: stopping at once');
    process.exit(1);
  }
  isShuttingDown = true;
  const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
  logger.info({ signal, drainMs }, 'shutting down');
  stopMaintenance();
  setTimeout(closeServer, drainMs);
}

function closeServer() {
  let exitCode = 0;
  const cutOff = setTimeout(() => {
    exitCode = 1;
    logger.warn('requests still running after the shutdown limit: closing their connections');
    server.closeAllConnections();
  }, IN_FLIGHT_LIMIT_MS);
  // Keep-alive connections that fall idle after their last answer would
  // otherwise hold close() open until they time out.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  server.close(() => {
    clearTimeout(cutOff);
    clearInterval(closeIdle);
    web
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'closing the dev server failed'))
      .then(backgroundWorkDone)
      // The last page views accepted, written before the database closes.
      .then(() => runtime.services.analytics.flush().catch((error: unknown) => logger.warn({ err: error }, 'page views not written at shutdown')))
      .then(() => runtime.close())
      .catch((error: unknown) => {
        exitCode = 1;
        logger.error({ err: error }, 'closing the database failed');
      })
      .finally(() => {
        logger.info({ exitCode }, 'stopped');
        process.exit(exitCode);
      });
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
