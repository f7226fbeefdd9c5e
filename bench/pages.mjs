// `npm run bench:pages`: the public pages' budget, on the real built server
// (SQLite, 1,000 published posts), in one run:
//
//   1. SSR throughput of `/` against a bare node:http server answering the
//      same HTML from memory (ratio; target >= 0.5).
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
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  buildForProduction,
  measure,
  positiveInt,
  printMeasurements,
  printTable,
  runBenchmark,
  seedPosts,
  sleep,
  startBuiltServer,
  startInMemoryServer,
  stopAfter,
} from './harness.mjs';
import { audit, CATEGORIES, CHROMIUM, CHROMIUM_FLAGS, startChromiumForLighthouse } from './lighthouse-audit.mjs';

const TARGET_RATIO = 0.5;
const TARGET_JS_KB = 150;
const TARGET_SCORE = 95;

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

// Build, seeding, both load runs and two Lighthouse audits, bounded.
stopAfter((240 + 2 * (WARMUP + DURATION) * 1.5 + POST_COUNT / 100) * 1000);

// ---------------------------------------------------------------- helpers


const COVERS = ['solar-backpack', 'tabletop-saga', 'clean-water', 'espresso-grinder', 'indie-film', 'modular-keyboard', 'urban-garden'];

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
/** The home page's "Ending Soon" band: up to 6 cards besides the 20 of its list. */
const BAND_CARDS = 6;

/**
 * Every post has a campaign: most live, ending from a day to two months
 * out (never in the last hour, so the pages' expiry follows days, as it
 * does on a real site), some over and funded, some upcoming.
 */
function campaignOf(i) {
  const goal = 1_000_000 + (i % 50) * 100_000;
  const facts = {
    platform: i % 3 === 0 ? 'indiegogo' : 'kickstarter',
    currency: 'USD',
    goal,
    pledged: Math.floor((goal * ((i * 37) % 300)) / 100),
    backers: (i * 13) % 2000,
    launched_at: NOW - 20 * DAY,
    ends_at: NOW + (1 + ((i * 7919) % 60)) * DAY + 7 * 3600,
    state: 'live',
    facts_updated_at: NOW,
    facts_source: 'editor',
  };
  if (i % 10 === 0) return { ...facts, state: 'successful', ends_at: NOW - (i % 90) * DAY - DAY };
  if (i % 10 === 1) return { ...facts, state: 'upcoming', pledged: null, backers: null, launched_at: NOW + 5 * DAY };
  return facts;
}

const describePost = (i, words) => ({
  content:
    `## Why it caught our eye\n\n${`The ${words[0]} team explains its plan in detail. `.repeat(40)}\n\n` +
    '## What backers get\n\n- An early-bird edition\n- Monthly updates\n- A name in the credits\n\n' +
    '| Pledge | Reward |\n| --- | --- |\n| $25 | Digital edition |\n| $60 | Boxed edition |\n\n' +
    '## Our take\n\nRealistic delivery dates and an honest risk section.',
  cover_image: `/images/demo/${COVERS[i % COVERS.length]}.svg`,
  campaign_url: `https://www.kickstarter.com/projects/bench-${i}`,
  campaign: campaignOf(i),
});

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

// ---------------------------------------------------------------- run

async function main() {
  await buildForProduction();
  // Measured without the analytics tag: no third party in the measurement.
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-pages-',
    unsetEnv: ['GA_MEASUREMENT_ID', 'PUBLIC_URL'],
  });
  const seedStarted = performance.now();
  seedPosts(path.join(site.dataDir, 'site.db'), POST_COUNT, describePost);
  console.log(`Seeded ${POST_COUNT} published posts in ${Math.round(performance.now() - seedStarted)} ms`);
  // The page cache notices the seeded content within its check interval.
  await sleep(1500);

  const homeUrl = `${site.baseUrl}/`;
  const response = await fetch(homeUrl);
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'text/html';
  const html = Buffer.from(await response.arrayBuffer());
  const cards = (html.toString('utf8').match(/<article/g) ?? []).length;
  if (cards !== 20 + BAND_CARDS || !html.includes('Load More')) {
    throw new Error(`expected 20 posts, ${BAND_CARDS} in the Ending Soon band and Load More on /, got ${cards}`);
  }
  if (!html.includes('% funded')) throw new Error("expected the campaigns' facts on the cards of /");
  const baseline = await startInMemoryServer(html, contentType, '/');

  console.log(
    `\n1. SSR of / (${html.length} bytes of HTML, ${cards} posts): ${CONNECTIONS} connections, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const load = { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS };
  const rows = [
    await measure('in-memory node:http', `${baseline.baseUrl}/`, load),
    await measure('site (SSR + page cache)', homeUrl, load),
  ];
  console.log('');
  printMeasurements(rows);
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

await runBenchmark(main);
