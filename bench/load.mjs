// `npm run bench:load`: a mixed workload on the real built server (SQLite,
// a few hundred published posts and some resources) for a bounded time:
// public pages and public API reads, the contact and newsletter forms, and
// an administrator creating and editing posts, all at once. It reports
// throughput, latency per kind of request, answers by status, and the
// server's memory (RSS) before, during and after the load.
//
// The run fails (exit code 1) on any 5xx, socket error, timeout or answer
// the mix does not expect; the forms' 429s are expected and counted apart.
//
// Options: --duration=60 --warmup=5 --connections=50 --posts=300
//          --resources=30 --visitors=100 --idle=5 --skip-build --skip-admin
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import {
  buildForProduction,
  mb,
  positiveInt,
  printTable,
  rssOf,
  runBenchmark,
  seedPosts,
  sleep,
  startBuiltServer,
  stopAfter,
  tempDir,
} from './harness.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '300' },
    resources: { type: 'string', default: '30' },
    visitors: { type: 'string', default: '100' },
    idle: { type: 'string', default: '5' },
    'skip-build': { type: 'boolean', default: false },
    'skip-admin': { type: 'boolean', default: false },
  },
});
const DURATION = positiveInt('duration', args.duration);
const WARMUP = positiveInt('warmup', args.warmup);
const CONNECTIONS = positiveInt('connections', args.connections);
const POST_COUNT = positiveInt('posts', args.posts);
const RESOURCE_COUNT = positiveInt('resources', args.resources);
const VISITORS = positiveInt('visitors', args.visitors);
const IDLE = positiveInt('idle', args.idle);

/** A request still unanswered after this long counts as a timeout and fails the run. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How often the server's RSS is read during the load. */
const RSS_SAMPLE_MS = 250;
// Access tokens last 15 minutes; a long run signs in again well before that.
const TOKEN_RENEW_MS = 10 * 60_000;

// Build, seeding, warm-up, the measured run and the idle time after it.
stopAfter((240 + (WARMUP + DURATION + IDLE) * 1.5 + POST_COUNT / 100) * 1000);

// ---------------------------------------------------------------- the mix

const KINDS = ['page read', 'API read', 'form POST', 'admin write'];

/**
 * What one connection does next, by weight out of 100: 45 page reads, 38
 * public API reads, 12 form POSTs, 5 admin writes. Post pages and post
 * reads favour a few popular posts, as visitors do.
 */
const MIX = [
  { kind: 'page read', weight: 14, name: 'GET /', make: () => ({ path: '/' }) },
  { kind: 'page read', weight: 16, name: 'GET /:post-slug', make: (ctx) => ({ path: `/${ctx.postSlug()}` }) },
  { kind: 'page read', weight: 7, name: 'GET /category/:slug', make: (ctx) => ({ path: `/category/${ctx.categorySlug()}` }) },
  { kind: 'page read', weight: 4, name: 'GET /resources', make: () => ({ path: '/resources' }) },
  { kind: 'page read', weight: 2, name: 'GET /contact-us', make: () => ({ path: '/contact-us' }) },
  { kind: 'page read', weight: 2, name: 'GET /instant-kickstarter-fee-calculator', make: () => ({ path: '/instant-kickstarter-fee-calculator' }) },
  { kind: 'API read', weight: 12, name: 'GET /api/posts?status=published', make: () => ({ path: '/api/posts?status=published&pageSize=20' }) },
  { kind: 'API read', weight: 4, name: 'GET /api/posts (page 2)', make: (ctx) => ({ path: `/api/posts?status=published&pageSize=20&next_token=${encodeURIComponent(ctx.secondPageToken)}` }) },
  { kind: 'API read', weight: 5, name: 'GET /api/posts?categoryId=', make: (ctx) => ({ path: `/api/posts?status=published&pageSize=20&categoryId=${ctx.categoryId()}` }) },
  { kind: 'API read', weight: 9, name: 'GET /api/posts/:slug', make: (ctx) => ({ path: `/api/posts/${ctx.postSlug()}` }) },
  { kind: 'API read', weight: 4, name: 'GET /api/resources', make: () => ({ path: '/api/resources' }) },
  { kind: 'API read', weight: 4, name: 'GET /api/categories', make: () => ({ path: '/api/categories' }) },
  { kind: 'form POST', weight: 5, name: 'POST /api/submissions/contact', form: 'contact' },
  { kind: 'form POST', weight: 7, name: 'POST /api/submissions/newsletter', form: 'newsletter' },
  { kind: 'admin write', weight: 5, name: 'POST|PUT /api/admin/posts', admin: true },
  // Without the writes, for comparison: they keep emptying the page cache.
].filter((entry) => !(entry.admin && args['skip-admin']));
const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/** A small deterministic generator per connection, so runs draw the same mix. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick(next) {
  let roll = next() * TOTAL_WEIGHT;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return MIX[MIX.length - 1];
}

// ---------------------------------------------------------------- seeding

const COVERS = ['solar-backpack', 'tabletop-saga', 'clean-water', 'espresso-grinder', 'indie-film', 'modular-keyboard', 'urban-garden'];

const postContent = (subject) =>
  `## Why it caught our eye\n\n${`The ${subject} team explains its plan in detail. `.repeat(40)}\n\n` +
  '## What backers get\n\n- An early-bird edition\n- Monthly updates\n- A name in the credits\n\n' +
  '| Pledge | Reward |\n| --- | --- |\n| $25 | Digital edition |\n| $60 | Boxed edition |\n\n' +
  '## Our take\n\nRealistic delivery dates and an honest risk section.';

const describePost = (i, words) => ({
  content: postContent(words[0]),
  cover_image: `/images/demo/${COVERS[i % COVERS.length]}.svg`,
  campaign_url: `https://www.kickstarter.com/projects/bench-${i}`,
});

/** Published resources, spread over the categories, straight into the database. */
function seedResources(sqliteFile, count) {
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  try {
    const categoryIds = db.prepare('select id from categories order by position').pluck().all();
    const insert = db.prepare(
      `insert into resources (slug, title, excerpt, content, cover_image, read_time, status,
         category_id, published_at, created_at, updated_at, version)
       values (@slug, @title, @excerpt, @content, @cover_image, 5, 'published',
         @category_id, @published_at, @published_at, @published_at, 1)`,
    );
    const now = Math.floor(Date.now() / 1000);
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        insert.run({
          slug: `bench-resource-${i}`,
          title: `Crowdfunding guide, part ${i}`,
          excerpt: 'Fees, timelines and what to prepare before a launch.',
          content: postContent('guide'),
          cover_image: '/images/demo/campaign-guide.svg',
          category_id: categoryIds[i % categoryIds.length] ?? null,
          published_at: now - i * 86_400,
        });
      }
    })();
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- helpers


const signedMb = (bytes) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** One address per simulated visitor, as the proxy in front of the server would forward it. */
const visitorAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

// ---------------------------------------------------------------- the client

class Recorder {
  constructor() {
    this.byKind = new Map(KINDS.map((kind) => [kind, { latencies: [], statuses: new Map() }]));
    this.errors = new Map();
    this.unexpected = new Map();
    this.perQuarter = [0, 0, 0, 0];
    /** The start of the first body of each kind of unexpected answer, to tell what went wrong. */
    this.samples = new Map();
  }

  /** `quarter`: which quarter of the measured time the request started in, or -1 during the warm-up. */
  add(entry, quarter, result) {
    if (quarter < 0) return;
    this.perQuarter[Math.min(quarter, 3)] += 1;
    const kind = this.byKind.get(entry.kind);
    kind.latencies.push(result.ms);
    const label = result.error ?? String(result.status);
    kind.statuses.set(label, (kind.statuses.get(label) ?? 0) + 1);
    if (result.error) {
      this.errors.set(`${entry.name}: ${result.error}`, (this.errors.get(`${entry.name}: ${result.error}`) ?? 0) + 1);
    } else if (!result.expected) {
      const key = `${entry.name}: ${result.status}`;
      this.unexpected.set(key, (this.unexpected.get(key) ?? 0) + 1);
      if (!this.samples.has(key)) this.samples.set(key, result.sample);
    }
  }
}

/**
 * One request on a keep-alive connection; resolves with the status, the
 * time to the last byte of the answer and, when asked, its JSON. Never
 * rejects: socket errors and timeouts come back as `error`.
 */
function send(agent, baseUrl, { method = 'GET', path: requestPath, headers = {}, body, wantJson = false }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, ms: performance.now() - started });
    };
    const request = http.request(
      `${baseUrl}${requestPath}`,
      {
        method,
        agent,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        // Bodies of unexpected answers are kept for the report; 429s are expected and only counted.
        const keep = wantJson || ![200, 201, 429].includes(response.statusCode);
        response.on('data', (chunk) => {
          if (keep) chunks.push(chunk);
        });
        response.on('end', () => {
          const sample = keep ? Buffer.concat(chunks).subarray(0, 300).toString('utf8') : undefined;
          let json;
          if (wantJson) {
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              json = undefined;
            }
          }
          finish({ status: response.statusCode, json, sample });
        });
        response.on('error', (error) => finish({ error: error.code ?? 'response error' }));
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => {
      finish({ error: 'timeout' });
      request.destroy();
    });
    request.on('error', (error) => finish({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

async function login(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`POST /api/auth/login answered ${response.status}`);
  const { access_token: token } = await response.json();
  return { token, at: Date.now() };
}

// ---------------------------------------------------------------- run

async function main() {
  if (!args['skip-build']) await buildForProduction();
  const logFile = path.join(tempDir('showcase-bench-load-log-'), 'server.log');
  const server = await startBuiltServer({
    name: 'site server',
    logFile,
    tempPrefix: 'showcase-bench-load-',
    unsetEnv: ['GA_MEASUREMENT_ID', 'PUBLIC_URL'],
    // As deployed behind a proxy: each simulated visitor has its own
    // address, so the forms' per-address limits apply per visitor.
    env: { TRUST_PROXY: 'true' },
  });
  const { baseUrl } = server;
  const sqliteFile = path.join(server.dataDir, 'site.db');
  const seedStarted = performance.now();
  seedPosts(sqliteFile, POST_COUNT, describePost);
  seedResources(sqliteFile, RESOURCE_COUNT);
  console.log(
    `Seeded ${POST_COUNT} published posts and ${RESOURCE_COUNT} resources in ${Math.round(performance.now() - seedStarted)} ms`,
  );
  // The page cache notices the seeded content within its check interval.
  await sleep(1500);

  const { categories } = await (await fetch(`${baseUrl}/api/categories`)).json();
  const firstPage = await (await fetch(`${baseUrl}/api/posts?status=published&pageSize=20`)).json();
  if (!categories?.length || firstPage.posts?.length !== 20 || !firstPage.next_token) {
    throw new Error('the seeded content is not served: expected categories and a full first page of posts');
  }
  const home = await fetch(`${baseUrl}/`);
  if (!home.ok) throw new Error(`GET / answered ${home.status}`);
  await home.arrayBuffer();
  let session = await login(baseUrl, server.adminEmail, server.adminPassword);
  let renewing = null;
  const bearer = async () => {
    if (Date.now() - session.at > TOKEN_RENEW_MS) {
      renewing ??= login(baseUrl, server.adminEmail, server.adminPassword).then((fresh) => {
        session = fresh;
        renewing = null;
      });
      await renewing;
    }
    return `Bearer ${session.token}`;
  };

  const pid = server.child.pid;
  const rss = { before: rssOf(pid), afterWarmup: 0, peak: 0, end: 0, quarters: [] };
  rss.peak = rss.before;

  const runId = Date.now().toString(36);
  let formCount = 0;
  let postCount = 0;
  let postsCreated = 0;
  const ctxFor = (next) => ({
    // Squaring favours small numbers: a few posts draw most of the reads, as on a real site.
    postSlug: () => `bench-post-${1 + Math.floor(next() ** 2 * POST_COUNT)}`,
    categorySlug: () => categories[Math.floor(next() * categories.length)].slug,
    categoryId: () => categories[Math.floor(next() * categories.length)].id,
    secondPageToken: firstPage.next_token,
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const recorder = new Recorder();
  const startedAt = performance.now();
  const measureFrom = startedAt + WARMUP * 1000;
  const measureUntil = measureFrom + DURATION * 1000;

  /** An administrator's post: created published, then edited now and then. */
  const adminPayload = (n, next, revision) => ({
    title: `Load test campaign ${n}, revision ${revision}`,
    slug: `load-${runId}-${n}`,
    excerpt: 'A campaign written during the mixed-workload benchmark.',
    content: postContent(`revision ${revision}`),
    cover_image: `/images/demo/${COVERS[n % COVERS.length]}.svg`,
    campaign_url: `https://www.kickstarter.com/projects/load-${n}`,
    status: 'published',
    read_time: 4,
    category_ids: [categories[Math.floor(next() * categories.length)].id],
  });

  async function connection(index) {
    const next = random(7919 * (index + 1));
    const ctx = ctxFor(next);
    // Each connection edits only its own posts, so edits never conflict.
    const owned = [];
    while (performance.now() < measureUntil) {
      const entry = pick(next);
      const quarter = Math.floor(((performance.now() - measureFrom) / (measureUntil - measureFrom)) * 4);
      const visitor = visitorAddress(Math.floor(next() * VISITORS));
      const headers = { 'x-forwarded-for': visitor };
      let result;
      if (entry.form === 'contact') {
        formCount += 1;
        result = await send(agent, baseUrl, {
          method: 'POST',
          path: '/api/submissions/contact',
          headers,
          body: { name: `Visitor ${formCount}`, email: `visitor-${runId}-${formCount}@example.com`, message: 'Is the early-bird pledge still open? We would like to back the campaign as a team.' },
        });
        result.expected = result.status === 201 || result.status === 429;
      } else if (entry.form === 'newsletter') {
        formCount += 1;
        result = await send(agent, baseUrl, {
          method: 'POST',
          path: '/api/submissions/newsletter',
          headers,
          body: { email: `reader-${runId}-${formCount}@example.com` },
        });
        result.expected = result.status === 201 || result.status === 429;
      } else if (entry.admin) {
        const authorization = await bearer();
        const own = owned.length > 0 && next() < 0.6 ? owned[Math.floor(next() * owned.length)] : null;
        if (own) {
          own.revision += 1;
          result = await send(agent, baseUrl, {
            method: 'PUT',
            path: `/api/admin/posts/${own.id}`,
            headers: { ...headers, authorization },
            body: { ...adminPayload(own.n, next, own.revision), version: own.version },
            wantJson: true,
          });
          result.expected = result.status === 200;
          if (result.expected) own.version = result.json.version;
        } else {
          postCount += 1;
          const n = postCount;
          result = await send(agent, baseUrl, {
            method: 'POST',
            path: '/api/admin/posts',
            headers: { ...headers, authorization },
            body: adminPayload(n, next, 1),
            wantJson: true,
          });
          result.expected = result.status === 201;
          if (result.expected) {
            postsCreated += 1;
            owned.push({ id: result.json.id, version: result.json.version, n, revision: 1 });
          }
        }
      } else {
        result = await send(agent, baseUrl, { ...entry.make(ctx), headers });
        result.expected = result.status === 200;
      }
      recorder.add(entry, quarter, result);
    }
  }

  console.log(
    `Mixed load: warm-up ${WARMUP} s, then ${DURATION} s at ${CONNECTIONS} connections, ` +
      `${VISITORS} visitor addresses; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const sampler = setInterval(() => {
    const now = rssOf(pid);
    rss.peak = Math.max(rss.peak, now);
    if (!rss.afterWarmup && performance.now() >= measureFrom) rss.afterWarmup = now;
    // A leak keeps climbing from quarter to quarter; a heap settling in levels off.
    const quarter = Math.floor(((performance.now() - measureFrom) / (measureUntil - measureFrom)) * 4);
    if (quarter >= 1 && quarter <= 4 && rss.quarters.length < quarter) rss.quarters.push(now);
  }, RSS_SAMPLE_MS);
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  const elapsed = (Math.max(performance.now(), measureUntil) - measureFrom) / 1000;
  clearInterval(sampler);
  agent.destroy();
  rss.peak = Math.max(rss.peak, rssOf(pid));
  process.stdout.write(`Load done; ${IDLE} s idle… `);
  await sleep(IDLE * 1000);
  rss.end = rssOf(pid);
  process.stdout.write('done\n\n');

  // ------------------------------------------------------------ report

  let all = [];
  const totals = new Map();
  const rows = [['kind', 'share', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'answers']];
  const statusText = (statuses) =>
    [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}: ${count}`).join(', ');
  const row = (kind, share, latencies, statuses) => {
    const sorted = Float64Array.from(latencies).sort();
    return [
      kind,
      share,
      String(latencies.length),
      (latencies.length / elapsed).toFixed(0),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(percentile(sorted, 99)),
      ms(sorted[sorted.length - 1] ?? NaN),
      statusText(statuses),
    ];
  };
  for (const kind of KINDS) {
    const { latencies, statuses } = recorder.byKind.get(kind);
    if (!MIX.some((entry) => entry.kind === kind)) continue;
    const weight = MIX.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.weight, 0);
    all = all.concat(latencies);
    for (const [status, count] of statuses) totals.set(status, (totals.get(status) ?? 0) + count);
    rows.push(row(kind, `${Math.round((weight / TOTAL_WEIGHT) * 100)}%`, latencies, statuses));
  }
  const allRow = row('all', '100%', all, totals);
  rows.push(allRow);
  printTable(rows);

  console.log('');
  printTable([
    ['server RSS', 'MB'],
    ['before the load (idle)', mb(rss.before)],
    ['after the warm-up', mb(rss.afterWarmup || rss.before)],
    ['at 1/4, 2/4, 3/4 of the load', rss.quarters.slice(0, 3).map(mb).join(', ')],
    ['peak during the load', mb(rss.peak)],
    [`end (after ${IDLE} s idle)`, mb(rss.end)],
    ['growth, end - before', signedMb(rss.end - rss.before)],
    ['growth, end - after warm-up', signedMb(rss.end - (rss.afterWarmup || rss.before))],
  ]);

  const formAnswers = recorder.byKind.get('form POST').statuses;
  console.log(
    `\nMeasured ${elapsed.toFixed(1)} s: ${all.length} requests, ${(all.length / elapsed).toFixed(0)} req/s; ` +
      `forms: ${formAnswers.get('201') ?? 0} accepted, ${formAnswers.get('429') ?? 0} rate-limited (429, expected); ` +
      `admin: ${postsCreated} posts created in all (warm-up included).`,
  );
  console.log(
    `req/s by quarter of the measured time: ${recorder.perQuarter.map((count) => (count / (DURATION / 4)).toFixed(0)).join(', ')}`,
  );
  const errorCount = [...recorder.errors.values()].reduce((sum, count) => sum + count, 0);
  const unexpectedCount = [...recorder.unexpected.values()].reduce((sum, count) => sum + count, 0);
  for (const [what, count] of recorder.errors) console.log(`  ${what}: ${count}`);
  for (const [what, count] of recorder.unexpected) {
    console.log(`  ${what}: ${count}, the first answered ${JSON.stringify(recorder.samples.get(what) ?? '')}`);
  }
  // The server's own errors go with a failure report (its start-up warnings do not).
  const logged = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter((line) => /"level":[56]0\b/.test(line)) : [];
  if (logged.length > 0) {
    console.log(`\nThe server logged ${logged.length} errors; the first ones:`);
    for (const line of logged.slice(0, 3)) console.log(`  ${line.slice(0, 1500)}`);
  }
  if (errorCount + unexpectedCount > 0) {
    console.log(`\nVerdict: FAIL: ${errorCount} socket errors or timeouts, ${unexpectedCount} unexpected answers (5xx or other).`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nVerdict: PASS: ${allRow[3]} req/s, p99 ${allRow[6]} ms, ` +
        `no 5xx, no socket errors, no timeouts; server RSS ${mb(rss.before)} -> peak ${mb(rss.peak)} -> ${mb(rss.end)} MB.`,
    );
  }
}

await runBenchmark(main);
