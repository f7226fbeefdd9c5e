// What the benchmarks share: option parsing, stopping every child process and
// removing every temporary folder however the run ends, starting the built
// server on SQLite and the in-memory baseline, seeding posts, and measuring
// with autocannon. Everything listens on 127.0.0.1.
import { execFileSync, fork, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A `--name=value` option as a whole number of at least 1; anything else ends the run. */
export function positiveInt(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
  return number;
}

// ---------------------------------------------------------------- cleanup

const children = new Set();
const tempDirs = new Set();
let stopping = false;

/** Registers a child process to stop at the end; it ending before then is reported. */
export function track(child, name) {
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && !stoppedOnPurpose.has(child)) console.error(`${name} exited early (code ${code}, signal ${signal})`);
  });
  return child;
}

const stoppedOnPurpose = new WeakSet();

/** Stops one tracked child before the end of the run (SIGTERM, as at the end); resolves once it has exited. */
export function stopChild(child) {
  stoppedOnPurpose.add(child);
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A fresh temporary folder, removed at the end. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export async function stopAll() {
  stopping = true;
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Last resort when the process ends some other way.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    stopAll().finally(() => process.exit(1));
  });
}

/** Bounds the whole run: past `ms`, everything is stopped and the run fails. */
export function stopAfter(ms) {
  setTimeout(() => {
    console.error(`Benchmark took longer than ${Math.round(ms / 1000)} s; stopping`);
    stopAll().finally(() => process.exit(1));
  }, ms).unref();
}

/** Runs the benchmark, then stops everything; a failure sets the exit code. */
export async function runBenchmark(main) {
  try {
    await main();
    await stopAll();
  } catch (error) {
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- servers

/** Builds the server and the web app when a source is newer than the last build (the build's own check). */
export async function buildIfStale() {
  const { isServerBuildStale, isWebBuildStale } = await import('../scripts/build-all.mjs');
  const cwd = process.cwd();
  // The build script's paths are relative to the project.
  process.chdir(ROOT);
  try {
    if (!isServerBuildStale() && !isWebBuildStale()) return;
  } finally {
    process.chdir(cwd);
  }
  await buildForProduction();
}

/** Builds the server and the web app from the current sources, for production. */
export async function buildForProduction() {
  console.log('Building (production)…');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-all.mjs'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (exit ${code})`))));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The resident memory of a process, in bytes. */
export function rssOf(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // no /proc here: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/** Bytes as megabytes, one decimal. */
export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 2xx (and `isReady` agrees), while `child` still runs. */
export async function waitFor(url, child, { timeoutMs = 30_000, isReady = async () => true } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped during start-up`);
    try {
      const response = await fetch(url);
      if (response.ok && (await isReady(response))) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The runtime settings of the documented production command
 * (docs/operations.md, Memory): benchmarks measure the server as it is run.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

/**
 * The ways the server is started (docs/operations.md), each as node runs it:
 * - `image`: the Dockerfile's `ENV` and `CMD` (node with the runtime settings, build/node/server.js);
 * - `npm`: `npm start`'s script (the same settings, scripts/run.mjs, which checks the build first),
 *   without npm's own process in front;
 * - `node`: plain `node build/node/server.js`, no settings at all.
 */
export const START_PATHS = ['image', 'npm', 'node'];

/** The `--start` option of a benchmark: one of START_PATHS. */
export function startPathOf(value) {
  if (!START_PATHS.includes(value)) throw new Error(`--start must be one of ${START_PATHS.join(', ')}, not ${value}`);
  return value;
}

/**
 * The heap sizes V8 picks by itself on a machine with `megabytes` of memory
 * (Node sizes the heap from the machine's memory, or the container's limit):
 * an old generation of a quarter of it, doubled for 64-bit pointers, and a
 * semi-space of 1/128 of that, at most 16 MB. A benchmark run on a larger
 * machine passes them to see what the server holds on that one: the same
 * numbers as the defaults there, not settings of the server.
 */
export function heapSizesOfMachine(megabytes) {
  const oldGeneration = Math.floor(megabytes / 2);
  const semiSpace = Math.max(1, Math.min(16, Math.floor(oldGeneration / 128)));
  return [`--max-old-space-size=${oldGeneration}`, `--max-semi-space-size=${semiSpace}`];
}

function startCommand(start) {
  if (start === 'npm') return { env: SERVER_ENV, args: [...SERVER_NODE_ARGS, 'scripts/run.mjs', 'server'] };
  if (start === 'node') return { env: {}, args: ['build/node/server.js'] };
  return { env: SERVER_ENV, args: [...SERVER_NODE_ARGS, 'build/node/server.js'] };
}

/**
 * Starts the built server on a free port with a fresh data folder, on the
 * default SQLite set-up, without demo content; `unsetEnv` names further
 * variables of this shell it must not see, `env` adds or overrides some;
 * with `logFile`, the server's log goes there rather than nowhere; with
 * `dataDir`, it starts again on a folder an earlier start filled; `nodeArgs`
 * go to node before the script (`--cpu-prof`, say); `start` is one of
 * START_PATHS (the image's command unless told).
 * Returns the child too (its pid, for memory readings) and the credentials
 * of the administrator the server creates at its first start.
 */
export async function startBuiltServer({
  name,
  tempPrefix,
  unsetEnv = [],
  env: extraEnv = {},
  logFile,
  dataDir = tempDir(tempPrefix),
  nodeArgs = [],
  start = 'image',
}) {
  const port = await freePort();
  const command = startCommand(start);
  // A plain start has none of the runtime settings, whatever this shell has.
  const unset = new Set(['DATABASE_URL', ...unsetEnv, ...(start === 'node' ? ['MALLOC_ARENA_MAX', 'NODE_OPTIONS'] : [])]);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([variable]) => !unset.has(variable))),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: `bench-${process.pid}-${Date.now()}`,
    JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...command.env,
    ...extraEnv,
  };
  const log = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = track(
    spawn(process.execPath, [...nodeArgs, ...command.args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, 'inherit'],
    }),
    name,
  );
  // The child holds its own copy.
  if (typeof log === 'number') closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child, { isReady: async (response) => (await response.json()).status === 'ok' });
  return { baseUrl, dataDir, child, adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD };
}

/**
 * The baseline: a bare node:http server answering `body` from memory. It is
 * checked to answer the very same bytes at `checkPath` before it is used.
 */
export async function startInMemoryServer(body, contentType, checkPath) {
  const dir = tempDir('showcase-bench-baseline-');
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, body);
  const child = track(
    fork(path.join(ROOT, 'bench/in-memory-server.mjs'), [bodyFile, contentType], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
    'in-memory server',
  );
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', () => reject(new Error('the in-memory server did not start')));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const check = Buffer.from(await (await fetch(`${baseUrl}${checkPath}`)).arrayBuffer());
  if (!check.equals(body)) throw new Error('the in-memory server does not answer the same bytes');
  return { baseUrl };
}

// ---------------------------------------------------------------- seeding

/** A small deterministic generator, so every run seeds the same content. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = (
  'solar backpack tabletop saga modular synth community bakery open source keyboard ' +
  'documentary graphic novel field recorder e-bike garden robot ceramic studio podcast ' +
  'board game indie film smart lamp water filter travel tripod drone kit textbook'
).split(' ');

/**
 * Inserts `count` published posts straight into the SQLite file the server
 * migrated, each with one or two categories. `describePost(i, words)` gives
 * the fields each benchmark shapes itself: content, cover_image, campaign_url,
 * and optionally `campaign`, the post's campaign facts (the columns of
 * `post_campaigns` but `post_id`).
 */
export function seedPosts(sqliteFile, count, describePost) {
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  try {
    const categoryIds = db.prepare('select id from categories order by position').pluck().all();
    if (categoryIds.length === 0) throw new Error('no categories: the migration did not run');
    const insertPost = db.prepare(
      `insert into posts (slug, title, excerpt, content, cover_image, campaign_url, status,
         read_time, published_at, created_at, updated_at, version)
       values (@slug, @title, @excerpt, @content, @cover_image, @campaign_url, 'published',
         @read_time, @published_at, @created_at, @updated_at, 1)`,
    );
    const insertCategory = db.prepare('insert into post_categories (post_id, category_id) values (?, ?)');
    const insertCampaign = db.prepare(
      `insert into post_campaigns (post_id, platform, currency, goal, pledged, backers, launched_at, ends_at,
         state, facts_updated_at, facts_source)
       values (@post_id, @platform, @currency, @goal, @pledged, @backers, @launched_at, @ends_at,
         @state, @facts_updated_at, @facts_source)`,
    );
    const next = random(20240601);
    const pick = () => WORDS[Math.floor(next() * WORDS.length)];
    const now = Math.floor(Date.now() / 1000);
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        const words = [pick(), pick(), pick()];
        const publishedAt = now - Math.floor(next() * 3 * 365 * 86_400);
        const { campaign, ...fields } = describePost(i, words);
        const { lastInsertRowid } = insertPost.run({
          slug: `bench-post-${i}`,
          title: `The ${words.join(' ')} campaign, part ${i}`,
          excerpt: `A reviewed campaign about ${words.join(', ')}: what backers get, the plan, and our take on the risks.`,
          ...fields,
          read_time: 2 + Math.floor(next() * 8),
          published_at: publishedAt,
          created_at: publishedAt - 3600,
          updated_at: publishedAt,
        });
        if (campaign) insertCampaign.run({ post_id: lastInsertRowid, ...campaign });
        const first = Math.floor(next() * categoryIds.length);
        insertCategory.run(lastInsertRowid, categoryIds[first]);
        if (next() < 0.4 && categoryIds.length > 1) {
          insertCategory.run(lastInsertRowid, categoryIds[(first + 1) % categoryIds.length]);
        }
      }
    })();
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- measuring

// autocannon records whole milliseconds: 0 means under one.
const latency = (ms) => (ms < 1 ? '<1' : String(ms));

/** A warm-up, then the measured run, both at the same number of connections. */
export async function measure(name, url, { warmup, duration, connections }) {
  process.stdout.write(`${name}: warm-up ${warmup} s, then ${duration} s… `);
  await autocannon({ url, connections, duration: warmup, pipelining: 1 });
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  process.stdout.write('done\n');
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    problems: result.errors + result.timeouts + result.non2xx,
  };
}

/** Rows of cells as aligned columns: the first left, the others right. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  }
}

/** `measure`'s rows as a table. */
export function printMeasurements(rows) {
  printTable([
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors+non-2xx'],
    ...rows.map((row) => [row.name, row.rps.toFixed(0), latency(row.p50), latency(row.p99), String(row.total), String(row.problems)]),
  ]);
}
