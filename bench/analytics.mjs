// `npm run bench:analytics`: cookie-free page-view counting on the real
// built server (SQLite, buffered roll-ups), in one run:
//
//   1. The hot `/` with counting on, against a bare node:http server
//      answering the same HTML from memory (ratio; target >= 0.5).
//   2. Page-view beacons (`POST /api/events`, text/plain JSON as
//      `sendBeacon` sends them): accepted beacons/s against the same bare
//      server answering 204 (target >= 2,000 beacons/s). Each beacon comes
//      from its own address (X-Forwarded-For, TRUST_PROXY=true, so the
//      120-a-minute limit of one address is not what is measured), with one
//      of a few browsers, to one of the seeded post pages.
//   3. Every acknowledged beacon is in the roll-ups: the server is stopped
//      with SIGTERM (it writes its buffer at shutdown), then the site-wide
//      views of the day in the SQLite file must be at least the 204s
//      received, and at most the beacons sent (autocannon drops the answers
//      still in flight when a run ends: sent, counted, never acknowledged).
//
// It builds the server and the web app first when a source is newer than
// the last build.
//
// Options: --duration=10 --warmup=2 --connections=50 --posts=200
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import {
  buildIfStale,
  measure,
  positiveInt,
  printMeasurements,
  runBenchmark,
  seedPosts,
  sleep,
  startBuiltServer,
  startInMemoryServer,
  stopAfter,
  stopChild,
} from './harness.mjs';

const TARGET_RATIO = 0.5;
const TARGET_BEACONS = 2000;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '200' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const WARMUP = positiveInt('warmup', args.warmup);
const CONNECTIONS = positiveInt('connections', args.connections);
const POST_COUNT = positiveInt('posts', args.posts);

stopAfter((240 + 4 * (WARMUP + DURATION) * 1.5) * 1000);

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/Paris', 'Australia/Sydney'];
const REFERRERS = ['', '', 'https://news.example.org/', 'https://www.example.com/forum'];

let sent = 0;
/** The next beacon: a fresh address each time, the rest cycling through a few values. */
function nextBeacon(request) {
  sent += 1;
  const n = sent;
  const body = JSON.stringify({
    path: `/bench-post-${(n % POST_COUNT) + 1}`,
    referrer: REFERRERS[n % REFERRERS.length],
    utm_source: n % 10 === 0 ? 'newsletter' : '',
    utm_medium: n % 10 === 0 ? 'email' : '',
    utm_campaign: n % 10 === 0 ? 'weekly' : '',
    tz: ZONES[n % ZONES.length],
  });
  return {
    ...request,
    method: 'POST',
    body,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSERS[n % BROWSERS.length],
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
  };
}

/** Beacons at `url` for a warm-up and the measured run; counts every 2xx of both. */
async function measureBeacons(name, url) {
  process.stdout.write(`${name}: warm-up ${WARMUP} s, then ${DURATION} s… `);
  const options = { url, connections: CONNECTIONS, pipelining: 1, requests: [{ setupRequest: nextBeacon }] };
  const sentBefore = sent;
  const warm = await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  process.stdout.write('done\n');
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    problems: result.errors + result.timeouts + result.non2xx,
    acknowledged: warm['2xx'] + result['2xx'],
    sent: sent - sentBefore,
  };
}

function dayViews(sqliteFile) {
  const db = new Database(sqliteFile, { readonly: true });
  try {
    return db
      .prepare("select coalesce(sum(views), 0) as views, coalesce(sum(visitors), 0) as visitors from analytics_daily where dimension = 'site'")
      .get();
  } finally {
    db.close();
  }
}

async function main() {
  await buildIfStale();
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-analytics-',
    unsetEnv: ['GA_MEASUREMENT_ID'],
    env: { TRUST_PROXY: 'true' },
  });
  const sqliteFile = path.join(site.dataDir, 'site.db');
  seedPosts(sqliteFile, POST_COUNT, (i) => ({ content: `## Post ${i}\n\nA reviewed campaign.`, cover_image: null, campaign_url: null }));
  // The page cache notices the seeded content within its check interval.
  await sleep(1500);
  const load = { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS };
  console.log(`${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}, SQLite, counting on`);

  const homeUrl = `${site.baseUrl}/`;
  const home = await fetch(homeUrl);
  if (!home.ok) throw new Error(`GET / answered ${home.status}`);
  const html = Buffer.from(await home.arrayBuffer());
  const pageBaseline = await startInMemoryServer(html, home.headers.get('content-type') ?? 'text/html', '/');
  console.log(`\n1. The hot / (${html.length} bytes of HTML)`);
  const pages = [await measure('in-memory node:http', `${pageBaseline.baseUrl}/`, load), await measure('site (SSR + page cache)', homeUrl, load)];
  printMeasurements(pages);
  const pageRatio = pages[1].rps / pages[0].rps;
  console.log(`ratio site / baseline: ${pageRatio.toFixed(3)} (target >= ${TARGET_RATIO}: ${pageRatio >= TARGET_RATIO ? 'met' : 'not met'})`);

  console.log('\n2. Page-view beacons (POST /api/events)');
  const before = dayViews(sqliteFile);
  const beaconBaseline = await startInMemoryServer(Buffer.alloc(0), 'text/plain', '/api/events');
  const baselineRow = await measureBeacons('in-memory node:http', `${beaconBaseline.baseUrl}/api/events`);
  const siteRow = await measureBeacons('site (POST /api/events)', `${site.baseUrl}/api/events`);
  printMeasurements([baselineRow, siteRow]);
  const beaconRatio = siteRow.rps / baselineRow.rps;
  console.log(
    `accepted beacons/s: ${siteRow.rps.toFixed(0)} (target >= ${TARGET_BEACONS}: ${siteRow.rps >= TARGET_BEACONS ? 'met' : 'not met'}); ` +
      `ratio site / baseline: ${beaconRatio.toFixed(3)}`,
  );

  console.log('\n3. Every acknowledged beacon in the roll-ups');
  await stopChild(site.child);
  const after = dayViews(sqliteFile);
  const counted = after.views - before.views;
  const complete = counted >= siteRow.acknowledged && counted <= siteRow.sent;
  console.log(
    `sent: ${siteRow.sent}; acknowledged (204): ${siteRow.acknowledged}; site-wide views written after SIGTERM: ${counted}; ` +
      `visitors: ${after.visitors} (${complete ? 'every acknowledged one counted' : 'MISSING VIEWS'})`,
  );

  const misses = [];
  if (pageRatio < TARGET_RATIO) misses.push('/ ratio');
  if (siteRow.rps < TARGET_BEACONS) misses.push('beacons/s');
  if (!complete) misses.push('acknowledged beacons missing from the roll-ups');
  if ([...pages, siteRow].some((row) => row.problems > 0)) misses.push('some requests failed');
  console.log(`\nBudget: ${misses.length === 0 ? 'all targets met' : `not met: ${misses.join(', ')}`}`);
  if (!complete || siteRow.problems > 0) throw new Error('the figures are not valid');
}

await runBenchmark(main);
