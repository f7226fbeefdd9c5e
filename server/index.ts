/**
 * The server's entry point: configuration, start-up, then one HTTP server for
 * the pages, the API and the media. Stops cleanly on SIGTERM/SIGINT.
 * With `--dev` (`npm run dev`) the pages come from Vite instead of the build.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { loadBuiltWebApp, startDevWebApp } from './pages.ts';
import { startRuntime } from './runtime.ts';

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);

let runtime: Awaited<ReturnType<typeof startRuntime>>;
try {
  runtime = await startRuntime(config, logger);
} catch (error) {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const stopMaintenance = scheduleMaintenance(runtime.deps.db, logger);

const isDev = process.argv.includes('--dev');
const web = isDev ? await startDevWebApp(runtime.deps) : await loadBuiltWebApp(runtime.deps);
const app = createApp(runtime.deps, web);

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  logger.info({ port: info.port }, `listening on http://${host}:${info.port}`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  stopMaintenance();
  // In-flight requests get a bounded time to finish.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    web
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'closing the dev server failed'))
      .then(() => runtime.close())
      .catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'))
      .finally(() => process.exit(0));
  });
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
