// `npm run bench:pages`: the public pages' budget, on the real built server
// (SQLite, 1,000 published posts), in one run:
//
//   1. SSR throughput of `/` against a bare node:http server answering the
//      same HTML from memory (ratio; target >= 0.25).
//   2. JavaScript shipped to `/`: every script a fresh visit loads (gzip;
//      target <= 150 KB), the consent library included.
//   3. Lighthouse 12, mobile preset, of `/` and of a post page: performance,
//      accessibility, best practices and SEO (target >= 95 each).
//
// It first rebuilds the server and the web app (production build).
//
// Options: --duration=10 --warmup=2 --connections=50 --posts=1000 --skip-lighthouse
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGET_RATIO = 0.25;
const TARGET_JS_KB = 150;
const TARGET_SCORE = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '1000' },
    'skip-lighthouse': { type: 'boolean', default: false },
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
let stopping = false;

function track(child, name) {
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`${name} exited early (code ${code}, signal ${signal})`);
  });
  return child;
}

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

// Build, seeding, both load runs and two Lighthouse audits, bounded.
const DEADLINE_MS = (240 + 2 * (WARMUP + DURATION) * 1.5 + POST_COUNT / 100) * 1000;
setTimeout(() => {
  console.error(`Benchmark took longer than ${Math.round(DEADLINE_MS / 1000)} s; stopping`);
  stopAll().finally(() => process.exit(1));
}, DEADLINE_MS).unref();

// ---------------------------------------------------------------- helpers

/** Builds the server and the web app from the current sources, for production. */
async function buildForProduction() {
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

async function waitFor(url, child, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped during start-up`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
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
const COVERS = ['solar-backpack', 'tabletop-saga', 'clean-water', 'espresso-grinder', 'indie-film', 'modular-keyboard', 'urban-garden'];

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
        const publishedAt = now - Math.floor(next() * 3 * 365 * 86_400);
        const { lastInsertRowid } = insertPost.run({
          slug: `bench-post-${i}`,
          title: `The ${words.join(' ')} campaign, part ${i}`,
          excerpt: `A reviewed campaign about ${words.join(', ')}: what backers get, the plan, and our take on the risks.`,
          content:
            `## Why it caught our eye\n\n${`The ${words[0]} team explains its plan in detail. `.repeat(40)}\n\n` +
            '## What backers get\n\n- An early-bird edition\n- Monthly updates\n- A name in the credits\n\n' +
            '| Pledge | Reward |\n| --- | --- |\n| $25 | Digital edition |\n| $60 | Boxed edition |\n\n' +
            '## Our take\n\nRealistic delivery dates and an honest risk section.',
          cover_image: `/images/demo/${COVERS[i % COVERS.length]}.svg`,
          campaign_url: `https://www.kickstarter.com/projects/bench-${i}`,
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

async function startSiteServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-pages-'));
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
  delete env.DATABASE_URL; // measured on the default SQLite set-up
  delete env.GA_MEASUREMENT_ID; // no third party in the measurement
  delete env.PUBLIC_URL;
  const child = track(
    spawn(process.execPath, ['build/node/server.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] }),
    'site server',
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child);
  return { baseUrl, dataDir };
}

async function startInMemoryServer(body, contentType) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-baseline-'));
  tempDirs.add(dir);
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
  const check = Buffer.from(await (await fetch(`${baseUrl}/`)).arrayBuffer());
  if (!check.equals(body)) throw new Error('the in-memory server does not answer the same bytes');
  return { baseUrl };
}

const latency = (ms) => (ms < 1 ? '<1' : String(ms));

async function measure(name, url) {
  process.stdout.write(`${name}: warm-up ${WARMUP} s, then ${DURATION} s… `);
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, pipelining: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
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

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  }
}

/** Every script a fresh visit of `url` loads, with its gzip size (level 9, as Vite reports it). */
async function scriptsLoadedBy(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        if (body.length === 0) throw new Error(`${response.url()}: empty body (status ${response.status()})`);
        scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      } catch {
        // a response without a body (a redirect): nothing shipped
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // What loads once the page is idle (the consent banner) counts too.
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    return [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  } finally {
    await browser.close();
  }
}

async function startChromiumForLighthouse() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-chromium-'));
  tempDirs.add(profile);
  const child = track(
    spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: 'ignore',
    }),
    'chromium',
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child);
  return { port, child };
}

async function audit(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const failing = Object.values(lhr.audits)
    .filter((entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== 'informative' && entry.scoreDisplayMode !== 'notApplicable' && entry.scoreDisplayMode !== 'manual')
    .map((entry) => `${entry.id} (${Math.round(entry.score * 100)})`);
  const metrics = {
    fcp: lhr.audits['first-contentful-paint']?.displayValue,
    lcp: lhr.audits['largest-contentful-paint']?.displayValue,
    tbt: lhr.audits['total-blocking-time']?.displayValue,
    cls: lhr.audits['cumulative-layout-shift']?.displayValue,
  };
  for (const item of lhr.audits['errors-in-console']?.details?.items ?? []) {
    console.log(`  console error: ${item.source} ${item.description} ${item.sourceLocation?.url ?? ''}`);
  }
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0];
  metrics.lcpElement = lcpItem?.node?.snippet ?? 'unknown';
  return { scores, failing, metrics };
}

// ---------------------------------------------------------------- run

async function main() {
  await buildForProduction();
  const site = await startSiteServer();
  const seedStarted = performance.now();
  seedPosts(path.join(site.dataDir, 'site.db'), POST_COUNT);
  console.log(`Seeded ${POST_COUNT} published posts in ${Math.round(performance.now() - seedStarted)} ms`);
  // The page cache notices the seeded content within its check interval.
  await sleep(1500);

  const homeUrl = `${site.baseUrl}/`;
  const response = await fetch(homeUrl);
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'text/html';
  const html = Buffer.from(await response.arrayBuffer());
  const cards = (html.toString('utf8').match(/<article/g) ?? []).length;
  if (cards !== 20 || !html.includes('Load More')) throw new Error(`expected 20 posts and Load More on /, got ${cards}`);
  const baseline = await startInMemoryServer(html, contentType);

  console.log(
    `\n1. SSR of / (${html.length} bytes of HTML, ${cards} posts): ${CONNECTIONS} connections, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows = [await measure('in-memory node:http', `${baseline.baseUrl}/`), await measure('site (SSR + page cache)', homeUrl)];
  console.log('');
  printTable([
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors+non-2xx'],
    ...rows.map((row) => [row.name, row.rps.toFixed(0), latency(row.p50), latency(row.p99), String(row.total), String(row.problems)]),
  ]);
  const ratio = rows[1].rps / rows[0].rps;
  console.log(`ratio site / baseline: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`);
  if (rows.some((row) => row.problems > 0)) throw new Error('some requests failed; the figures are not valid');

  console.log('\n2. JavaScript shipped to / (a fresh visit, until idle)');
  const scripts = await scriptsLoadedBy(homeUrl);
  const totalKb = scripts.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  printTable([['script', 'gzip KB'], ...scripts.map(([name, bytes]) => [name, (bytes / 1024).toFixed(1)])]);
  console.log(`total: ${totalKb.toFixed(1)} KB gzip in ${scripts.length} files (target <= ${TARGET_JS_KB}: ${totalKb <= TARGET_JS_KB ? 'met' : 'not met'})`);

  const results = { ratio, totalKb, lighthouse: [] };
  if (!args['skip-lighthouse']) {
    console.log('\n3. Lighthouse 12, mobile preset');
    const chrome = await startChromiumForLighthouse();
    for (const pathname of ['/', '/bench-post-1']) {
      const { scores, failing, metrics } = await audit(chrome.port, `${site.baseUrl}${pathname}`);
      results.lighthouse.push({ pathname, scores });
      console.log(
        `${pathname}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}` +
          ` | FCP ${metrics.fcp}, LCP ${metrics.lcp}, TBT ${metrics.tbt}, CLS ${metrics.cls}`,
      );
      console.log(`  largest paint: ${metrics.lcpElement}`);
      if (failing.length > 0) console.log(`  audits below 90: ${failing.join(', ')}`);
    }
  }

  const misses = [];
  if (ratio < TARGET_RATIO) misses.push('SSR ratio');
  if (totalKb > TARGET_JS_KB) misses.push('JavaScript size');
  for (const { pathname, scores } of results.lighthouse) {
    for (const id of CATEGORIES) if (scores[id] < TARGET_SCORE) misses.push(`Lighthouse ${id} of ${pathname}`);
  }
  console.log(`\nBudget: ${misses.length === 0 ? 'all targets met' : `not met: ${misses.join(', ')}`}`);
}

try {
  await main();
  await stopAll();
} catch (error) {
  console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exitCode = 1;
}
