// `npm run bench:analytics-read`: the reading bar of the analytics screen.
// Fills a SQLite database with a year of roll-ups (analytics_daily and
// analytics_monthly, as a flush writes them; analytics_clicks) totalling at least 10 million views, spread over
// realistic numbers of pages, sources, campaigns, countries, devices,
// browsers and systems, then times the 365-day GET /api/admin/analytics
// through the app (signed in as the owner, as the screen calls it) and the
// service's query alone. Goal: under 200 ms.
//
// Options: --days=365 --views-per-day=30000 --pages=2000 --runs=20 --file=<a SQLite file kept between runs>
// Runs in-process on a database file in a temporary folder, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const TARGET_MS = 200;
const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    'views-per-day': { type: 'string', default: '30000' },
    pages: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '20' },
    // A database file to keep between runs: filled on the first, reused after.
    file: { type: 'string' },
  },
});
const DAYS = Number(args.days);
const VIEWS_PER_DAY = Number(args['views-per-day']);
const PAGES = Number(args.pages);
const RUNS = Number(args.runs);
for (const [name, value] of Object.entries({ DAYS, VIEWS_PER_DAY, PAGES, RUNS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
}

const load = (module) => tsImport(new URL(`../${module}`, import.meta.url).href, import.meta.url);
const [{ openDatabase }, { migrateToLatest }, { createUser }, { hashPassword }, { parseConfig }, { buildDeps }, { createApp }, { DEFAULT_RATE_LIMITS }, { loadTotpEncryptionKey }] =
  await Promise.all([
    load('server/db/database.ts'),
    load('server/db/migrate.ts'),
    load('server/db/queries/users.ts'),
    load('server/auth/passwords.ts'),
    load('server/config.ts'),
    load('server/start-up.ts'),
    load('server/app.ts'),
    load('server/deps.ts'),
    load('server/auth/totp-encryption-key.ts'),
  ]);
const { analyticsReportsService } = await load('server/services/audience/analytics-reports.ts');
const { addToDaily } = await load('server/db/queries/analytics.ts');
const pino = (await import('pino')).default;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'analytics-read-'));
const handle = openDatabase({ sqliteFile: args.file ?? path.join(dataDir, 'showcase.db') });

/** A fixed pseudo-random sequence, so every run fills the same numbers. */
let seed = 28;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

/** Shares of `total` over `count` values, the first largest (a Zipf-like spread, as real traffic is). */
function spread(total, count) {
  const weights = Array.from({ length: count }, (_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.round((total * w) / sum * (0.8 + 0.4 * random())));
}

// From mid-December, so the year read, like the screen's "12 months" (the last 365 days), starts and
// ends inside a month: its whole months come from the monthly roll-ups, 31 edge days from the daily ones.
const dayOf = (i) => new Date(Date.UTC(2024, 11, 16) + i * 86_400_000).toISOString().slice(0, 10);
const COUNTRIES = Array.from({ length: 120 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26)));
const SOURCES = Array.from({ length: 300 }, (_, i) => `source-${i}.example`);
const CAMPAIGNS = Array.from({ length: 80 }, (_, i) => JSON.stringify([`src${i % 10}`, i % 2 ? 'email' : 'social', `campaign-${i}`]));
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera', 'Other'];
const SYSTEMS = ['Android', 'iOS', 'Windows', 'macOS', 'Linux', 'Other'];

async function fill() {
  await migrateToLatest(handle);
  const db = handle.db;
  const kept = await db.selectFrom('analytics_daily').select((eb) => eb.fn.countAll().as('n')).where('dimension', '=', 'site').executeTakeFirst();
  if (Number(kept?.n ?? 0) > 0) return { rows: 0, views: 0, seconds: 0 };
  // Posts to join outbound clicks to.
  let rows = 0;
  let views = 0;
  const started = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const day = dayOf(d);
    const total = Math.round(VIEWS_PER_DAY * (0.7 + 0.6 * random()));
    views += total;
    const visitors = Math.round(total * 0.6);
    const batch = [{ dimension: 'site', day, value: '', views: total, visitors }];
    const add = (dimension, values, share = 1) =>
      spread(Math.round(total * share), values.length).forEach((v, i) => {
        if (v > 0) batch.push({ dimension, day, value: values[i], views: v, visitors: Math.max(1, Math.round(v * 0.6)) });
      });
    const pages = Array.from({ length: PAGES }, (_, i) => `/post-${(i + d * 7) % PAGES}`);
    add('page', pages);
    add('source', SOURCES, 0.4);
    add('campaign', CAMPAIGNS, 0.05);
    add('country', COUNTRIES);
    add('device', ['mobile', 'desktop', 'tablet']);
    add('browser', BROWSERS);
    add('os', SYSTEMS);
    // Each of the 500 most read pages with its three main sources.
    for (let p = 0; p < Math.min(500, PAGES); p++) {
      for (let s = 0; s < 3; s++) batch.push({ dimension: 'page_source', day, value: `${pages[p]}\n${SOURCES[(p + s) % SOURCES.length]}`, views: 3, visitors: 2 });
    }
    // Written as a flush writes them: the daily rows and their months.
    await db.transaction().execute((tx) => addToDaily(tx, batch));
    rows += batch.length;
  }
  // Outbound clicks of 300 posts a day: rows the report scans (no post rows to join, so none are listed).
  for (let d = 0; d < DAYS; d++) {
    const clicks = Array.from({ length: 300 }, (_, i) => ({ kind: 'outbound', subject_id: i + 1, day: dayOf(d), target: 'page', clicks: 1 + (i % 7) }));
    await db.insertInto('analytics_clicks').values(clicks).execute();
    rows += clicks.length;
  }
  return { rows, views, seconds: (performance.now() - started) / 1000 };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))], max: sorted.at(-1) };
}

try {
  const filled = await fill();
  if (filled.rows > 0) console.log(`filled ${filled.rows.toLocaleString('en')} roll-up rows, ${filled.views.toLocaleString('en')} views over ${DAYS} days in ${filled.seconds.toFixed(1)} s`);

  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: 'b'.repeat(64), PUBLIC_URL: 'http://localhost' });
  const deps = buildDeps({
    db: handle.db,
    engine: handle.engine,
    config,
    logger: pino({ level: 'silent' }),
    signingKey: new TextEncoder().encode(config.JWT_SECRET),
    totpEncryptionKey: loadTotpEncryptionKey(config.TOTP_ENCRYPTION_KEY, dataDir),
    rateLimits: DEFAULT_RATE_LIMITS,
  });
  const app = createApp(deps);
  const reports = analyticsReportsService(deps);
  await handle.db.deleteFrom('users').where('email', '=', 'owner@example.com').execute();
  await createUser(handle.db, { email: 'owner@example.com', passwordHash: await hashPassword('a long bench password'), role: 'owner' });
  const login = await app.request('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'a long bench password' }),
  });
  const { access_token } = await login.json();
  const from = dayOf(DAYS - 365 < 0 ? 0 : DAYS - 365);
  const to = dayOf(DAYS - 1);
  const url = `http://localhost/api/admin/analytics?from=${from}&to=${to}`;

  const viaApi = [];
  const viaQuery = [];
  let answer;
  for (let i = 0; i < RUNS + 2; i++) {
    let started = performance.now();
    const response = await app.request(url, { headers: { authorization: `Bearer ${access_token}`, 'x-forwarded-for': '127.0.0.1' } });
    answer = await response.json();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(answer)}`);
    if (i >= 2) viaApi.push(performance.now() - started);
    started = performance.now();
    await reports.report({ from, to });
    if (i >= 2) viaQuery.push(performance.now() - started);
  }
  const api = stats(viaApi);
  console.log(`365-day report: ${answer.totals.views.toLocaleString('en')} views, ${answer.days.length} days, ${answer.pages.length} pages listed`);
  console.log(`GET /api/admin/analytics (${RUNS} runs): median ${api.median.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms, max ${api.max.toFixed(1)} ms`);
  const q = stats(viaQuery);
  console.log(`the report's queries alone: median ${q.median.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms`);
  console.log(`goal: under ${TARGET_MS} ms — ${api.p95 < TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await handle.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
