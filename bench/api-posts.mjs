// `npm run bench`: throughput and latency of the public post list,
// GET /api/posts?status=published&pageSize=20, on the real built server
// (SQLite, 1,000 published posts with categories), against a bare node:http
// server answering the same bytes from memory, measured in the same run.
//
// Options: --duration=10 --warmup=2 --connections=50 --posts=1000
// Everything listens on 127.0.0.1; every child process is stopped at the end.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENDPOINT = '/api/posts?status=published&pageSize=20';
const TARGET_RATIO = 0.5;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '1000' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const WARMUP = positiveInt('warmup', args.warmup);
const CONNECTIONS = positiveInt('connections', args.connections);
const POST_COUNT = positiveInt('posts', args.posts);

function positiveInt(name, value) {
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

function track(child, name) {
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`${name} exited early (code ${code}, signal ${signal})`);
  });
  return child;
}

let stopping = false;
async function stopAll() {
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

// The whole run is bounded: build, seeding and both measurements.
const DEADLINE_MS = (60 + 2 * (WARMUP + DURATION) * 1.5 + POST_COUNT / 100) * 1000;
const deadline = setTimeout(() => {
  console.error(`Benchmark took longer than ${Math.round(DEADLINE_MS / 1000)} s; stopping`);
  stopAll().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

// ---------------------------------------------------------------- helpers

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Builds the server when a source is newer than the last build. */
async function buildIfNeeded() {
  const stamp = path.join(ROOT, 'build/node/.built');
  const sources = ['server', 'app', 'scripts/build.mjs', 'scripts/build-all.mjs', 'package-lock.json'];
  const built = existsSync(path.join(ROOT, 'build/node/server.js')) && existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (built && sources.every((entry) => newestMtime(path.join(ROOT, entry)) <= built)) return;
  console.log('Building the server…');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-all.mjs'], { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (exit ${code})`))));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(baseUrl, child, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the server stopped during start-up');
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && (await response.json()).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

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

/** Inserts published posts straight into the SQLite file the server migrated. */
function seedPosts(sqliteFile, count) {
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
    const next = random(20240601);
    const pick = () => WORDS[Math.floor(next() * WORDS.length)];
    const now = Math.floor(Date.now() / 1000);
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        const words = [pick(), pick(), pick()];
        const title = `The ${words.join(' ')} campaign, part ${i}`;
        const publishedAt = now - Math.floor(next() * 3 * 365 * 86_400);
        const { lastInsertRowid } = insertPost.run({
          slug: `bench-post-${i}`,
          title,
          excerpt: `A reviewed campaign about ${words.join(', ')}: what backers get, the plan, and our take on the risks.`,
          content: `## Why it caught our eye\n\n${`The ${words[0]} team explains its plan in detail. `.repeat(40)}\n\n## Our take\n\nRealistic delivery dates.`,
          cover_image: `/uploads/bench/${i}.webp`,
          campaign_url: `https://example.com/campaigns/${i}`,
          read_time: 2 + Math.floor(next() * 8),
          published_at: publishedAt,
          created_at: publishedAt - 3600,
          updated_at: publishedAt,
        });
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

async function startApiServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: `bench-${process.pid}-${Date.now()}`,
    JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789',
  };
  delete env.DATABASE_URL; // this bench measures the default SQLite set-up
  const child = track(
    spawn(process.execPath, ['build/node/server.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] }),
    'API server',
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return { baseUrl, dataDir };
}

async function startInMemoryServer(body, contentType) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-baseline-'));
  tempDirs.add(dir);
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, body);
  const child = track(
    fork(path.join(ROOT, 'bench/in-memory-server.mjs'), [bodyFile, contentType], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
    'in-memory server',
  );
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', () => reject(new Error('the in-memory server did not start')));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const check = await fetch(`${baseUrl}${ENDPOINT}`);
  const checkBody = Buffer.from(await check.arrayBuffer());
  if (!checkBody.equals(body)) throw new Error('the in-memory server does not answer the same bytes');
  return { baseUrl };
}

// autocannon records whole milliseconds: 0 means under one.
const latency = (ms) => (ms < 1 ? '<1' : String(ms));

function load(url, duration) {
  return autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
}

async function measure(name, url) {
  process.stdout.write(`${name}: warm-up ${WARMUP} s, then ${DURATION} s… `);
  await load(url, WARMUP);
  const result = await load(url, DURATION);
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

// ---------------------------------------------------------------- run

async function main() {
  await buildIfNeeded();

  const api = await startApiServer();
  const seedStarted = performance.now();
  seedPosts(path.join(api.dataDir, 'site.db'), POST_COUNT);
  console.log(`Seeded ${POST_COUNT} published posts in ${Math.round(performance.now() - seedStarted)} ms`);

  const url = `${api.baseUrl}${ENDPOINT}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${ENDPOINT} answered ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'application/json';
  const body = Buffer.from(await response.arrayBuffer());
  const page = JSON.parse(body.toString('utf8'));
  if (page.posts?.length !== 20 || !page.next_token) {
    throw new Error(`expected a full page of 20 posts with a next_token, got ${page.posts?.length}`);
  }
  const baseline = await startInMemoryServer(body, contentType);

  console.log(
    `GET ${ENDPOINT}: ${body.length} bytes, ${contentType}; ` +
      `${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows = [
    await measure('in-memory node:http', `${baseline.baseUrl}${ENDPOINT}`),
    await measure('API (SQLite)', url),
  ];

  const [base, apiRow] = rows;
  const ratio = apiRow.rps / base.rps;
  const table = [
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors+non-2xx'],
    ...rows.map((row) => [
      row.name,
      row.rps.toFixed(0),
      latency(row.p50),
      latency(row.p99),
      String(row.total),
      String(row.problems),
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  console.log('');
  for (const row of table) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  }
  console.log('');
  console.log(
    `ratio API / baseline: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`,
  );
  if (rows.some((row) => row.problems > 0)) throw new Error('some requests failed; the figures are not valid');
}

try {
  await main();
  await stopAll();
} catch (error) {
  console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exitCode = 1;
}
