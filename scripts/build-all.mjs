// Everything `npm run build` produces: the web app (React Router: build/client
// for browsers, build/server for the request handler), then the server
// bundles (build/node). Also answers "is the build older than its sources?"
// for `npm start` and the SSR tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBuildProgress, webBuildStepOf } from './build-progress.mjs';

/**
 * esbuild's API, loaded only to build: `npm start` runs the server in the
 * process that checked its build, which should not carry a bundler it
 * did not need.
 */
async function buildServer() {
  const { buildServer: build } = await import('./build.mjs');
  await build();
}

const WEB_STAMP = 'build/server/.built';
const SERVER_STAMP = 'build/node/.built';
const LOCK = 'build/.lock';

// Loaders bundle server modules (the query modules) into build/server, so
// server/ is a source of the web build too.
const WEB_SOURCES = [
  'app',
  'common',
  'public',
  'server',
  'react-router.config.ts',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/build-all.mjs',
];
const SERVER_SOURCES = ['server', 'common', 'app', 'package.json', 'package-lock.json', 'scripts/build.mjs'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function isOlderThanSources(stamp, sources) {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
}

export const isWebBuildStale = () => isOlderThanSources(WEB_STAMP, WEB_SOURCES);
export const isServerBuildStale = () => isOlderThanSources(SERVER_STAMP, SERVER_SOURCES);

/** The React Router build's command: `quiet` keeps it to its warnings. */
function webBuildCommand(quiet) {
  // The React Router build would otherwise empty all of build/ (server
  // bundles included): vite.config.ts turns that off and only its own two
  // folders are cleared here.
  rmSync('build/client', { recursive: true, force: true });
  rmSync('build/server', { recursive: true, force: true });
  const devPackage = createRequire(import.meta.url).resolve('@react-router/dev/package.json');
  const cli = path.join(path.dirname(devPackage), 'bin.js');
  const args = [cli, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])];
  // Always the production build of React: a build started from a test run
  // (NODE_ENV=test) would otherwise ship React's development build, which
  // `npm start` would then serve as up to date.
  return { args, env: { ...process.env, NODE_ENV: 'production' } };
}

/** `quiet` keeps the React Router build to its warnings. */
export function buildWebApp({ quiet = false } = {}) {
  const { args, env } = webBuildCommand(quiet);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`react-router build failed (exit code ${result.status ?? result.signal})`);
  writeFileSync(WEB_STAMP, new Date().toISOString());
}

/**
 * The React Router build with its output kept back and printed only when it
 * fails, so a first `npm start` shows its progress and banner rather than a
 * page of build lines; `onStep` hears each of its steps as it begins.
 */
function buildWebAppCaptured(onStep) {
  const { args, env } = webBuildCommand(false);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    let pending = '';
    const read = (chunk) => {
      output.push(chunk);
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const step = webBuildStepOf(line);
        if (step) onStep(step);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) {
        writeFileSync(WEB_STAMP, new Date().toISOString());
        resolve();
        return;
      }
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`react-router build failed (exit code ${code ?? signal})`));
    });
  });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// A lock whose owner never wrote its pid (killed at once) is taken over
// after this long; no build takes nearly as much.
const ORPHAN_LOCK_MS = 10 * 60 * 1000;

function isLockAbandoned() {
  try {
    const owner = Number.parseInt(readFileSync(path.join(LOCK, 'pid'), 'utf8'), 10);
    return Number.isInteger(owner) && !isRunning(owner);
  } catch {
    try {
      return Date.now() - statSync(LOCK).mtimeMs > ORPHAN_LOCK_MS;
    } catch {
      return false; // released meanwhile
    }
  }
}

/**
 * Runs `build` while holding build/.lock, so two processes (a test run and
 * `npm start`, say) never write build/ at the same time. A lock left by a
 * process that is gone is taken over.
 */
async function withBuildLock(build) {
  mkdirSync('build', { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (isLockAbandoned()) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
  try {
    return await build();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export async function buildAll() {
  await withBuildLock(async () => {
    buildWebApp();
    await buildServer();
  });
}

/**
 * Rebuilds what is older than its sources; `web: false` for the CLIs, which
 * need the server bundles only. Returns true when anything was built.
 */
export async function buildIfStale({ web = true } = {}) {
  const isStale = () => ({ web: web && isWebBuildStale(), server: isServerBuildStale() });
  const before = isStale();
  if (!before.web && !before.server) return false;
  return withBuildLock(async () => {
    // Checked again under the lock: another process may just have built.
    const stale = isStale();
    if (!stale.web && !stale.server) return false;
    const progress = createBuildProgress({ steps: [...(stale.web ? ['client', 'ssr'] : []), ...(stale.server ? ['server'] : [])] });
    progress.start(existsSync(SERVER_STAMP) ? 'its sources changed since the last build' : 'there is no build yet');
    if (stale.web) {
      // Its first step begins with it; the next is read from its output.
      progress.step('client');
      await buildWebAppCaptured((step) => progress.step(step));
    }
    if (stale.server) {
      progress.step('server');
      await buildServer();
    }
    progress.done();
    return true;
  });
}

/** The web app alone (the SSR tests render pages from it). */
export async function buildWebAppIfStale() {
  if (!isWebBuildStale()) return false;
  return withBuildLock(async () => {
    if (!isWebBuildStale()) return false;
    buildWebApp({ quiet: true });
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
