// `npm run bench:lighthouse`: Lighthouse (mobile preset) on the six public
// pages a first visit most often lands on: `/`, a post, a resource, a
// category and both calculators, on the demo content with real photos as
// the home page's covers.
//
//   1. Starts the built server with the demo content (SQLite, temporary
//      DATA_DIR, no analytics id).
//   2. Gives the home page's first posts a 2000x1200 JPEG cover, uploaded
//      through the media API and set through the admin API as the back
//      office does, and waits until their resized copies are made and the
//      pages the edits touched are rendered again (no audit shares the CPU).
//   3. Audits each page once in Debian's Chromium (a fresh profile per run:
//      nothing cached), one after the other, and prints the four scores, the
//      metrics and the largest paint's element of each.
//
// It first rebuilds the server and the web app (production build).
// Options: --covers=6 --skip-build --runs=1 (audits per page)
//          --save=<dir> (each report's JSON, to read in Lighthouse's viewer)
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildForProduction, positiveInt, printTable, runBenchmark, startBuiltServer, stopAfter, stopChild } from './harness.mjs';
import { audit, CATEGORIES, startChromiumForLighthouse } from './lighthouse-audit.mjs';
import { api, inParallel, signIn, uploadCover, waitForJobs } from './site-admin.mjs';

const { values: args } = parseArgs({
  options: {
    covers: { type: 'string', default: '6' },
    runs: { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const COVER_COUNT = positiveInt('covers', args.covers);
const RUNS = positiveInt('runs', args.runs);
const TARGET_SCORE = 100;

stopAfter((180 + 6 * RUNS * 40) * 1000);

/** The fields of a post the admin API takes back, from what it answers. */
const postUpdateOf = (post, coverImage) => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  content: post.content,
  cover_image: coverImage,
  campaign_url: post.campaign_url ?? '',
  status: post.status,
  published_at: post.published_at,
  read_time: post.read_time,
  category_ids: post.category_ids,
  version: post.version,
});

async function main() {
  if (!args['skip-build']) await buildForProduction();
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-lighthouse-',
    unsetEnv: ['GA_MEASUREMENT_ID', 'PUBLIC_URL'],
    env: { SEED_DEMO: 'true' },
  });
  const token = await signIn(site);

  // The newest posts are the home page's first tiles, the first of them its largest paint.
  const { posts } = await api(site.baseUrl, 'GET', `/api/posts?pageSize=${COVER_COUNT}`);
  const covered = posts.slice(0, COVER_COUNT);
  await inParallel(covered.length, 2, async (i) => {
    const post = await api(site.baseUrl, 'GET', `/api/admin/posts/${covered[i].id}`, { token });
    const cover = await uploadCover(site.baseUrl, token, i);
    await api(site.baseUrl, 'PUT', `/api/admin/posts/${post.id}`, { token, body: postUpdateOf(post, cover) });
  });
  const failedJobs = await waitForJobs(path.join(site.dataDir, 'site.db'));
  if (failedJobs > 0) throw new Error(`${failedJobs} background jobs failed`);

  const { resources } = await api(site.baseUrl, 'GET', '/api/resources?pageSize=1');
  const { categories } = await api(site.baseUrl, 'GET', '/api/categories');
  const pages = [
    ['home', '/'],
    ['post with a JPEG cover', `/${covered[0].slug}`],
    ['resource', `/${resources[0].slug}`],
    ['category', `/category/${categories[0].slug}`],
    ['Kickstarter calculator', '/instant-kickstarter-fee-calculator'],
    ['Indiegogo calculator', '/free-indiegogo-fee-calculator'],
  ];
  console.log(pages.map(([, pathname]) => pathname).join(' '));
  console.log(`Gave ${covered.length} posts a JPEG cover; Lighthouse 12, mobile preset, ${RUNS} run(s) a page`);

  const rows = [['page', ...CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS', 'largest paint']];
  const misses = [];
  for (const [name, pathname] of pages) {
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh browser each time: its cache would make a second run a repeat visit.
      const chrome = await startChromiumForLighthouse();
      try {
        const { scores, failing, metrics, lhr } = await audit(chrome.port, `${site.baseUrl}${pathname}`);
        if (args.save) {
          mkdirSync(args.save, { recursive: true });
          writeFileSync(path.join(args.save, `${name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        rows.push([
          `${name} (${pathname})`,
          ...CATEGORIES.map((id) => String(scores[id])),
          metrics.fcp,
          metrics.lcp,
          metrics.tbt,
          metrics.cls,
          metrics.lcpElement.replace(/\s+/g, ' ').slice(0, 60),
        ]);
        if (failing.length > 0) console.log(`${pathname}: below 90: ${failing.join(', ')}`);
        for (const id of CATEGORIES) if (scores[id] < TARGET_SCORE) misses.push(`${id} of ${pathname} (${scores[id]})`);
      } finally {
        await stopChild(chrome.child);
      }
    }
  }
  console.log('');
  printTable(rows);
  console.log(misses.length === 0 ? `\nEvery score is ${TARGET_SCORE}.` : `\nBelow ${TARGET_SCORE}: ${misses.join('; ')}`);
}

await runBenchmark(main);
