// `npm run bench:cold`: the first visit of every post page, on the real built
// server (SQLite), against a bare node:http server answering one post's HTML
// from memory. Where `npm run bench:pages` measures the page cache answering
// one page over and over, this measures what a crawler or the first readers
// after a deploy see: every page rendered once, none answered from the cache.
//
//   1. Creates the posts through the admin API, as the back office does, a
//      few of them with a large JPEG cover uploaded through the media API,
//      and waits until the resized copies of the covers are made.
//   2. Starts the server again on that data (a first visit meets a fresh
//      process), then requests each post page once, `--concurrency` at a
//      time over keep-alive sockets, and reads the server's RSS.
//   3. Runs the same client against the in-memory baseline serving one
//      post's HTML, as many requests, and prints both rates and the ratio.
//
// It first rebuilds the server and the web app (production build).
//
// Options: --posts=1000 --covers=25 --concurrency=16 --skip-build
//          --cpu-prof=<dir> (a CPU profile of the measured server, written
//          when it stops; `node bench/profile-top.mjs` lists its top frames)
//          --heap-snapshot=<dir> (a heap snapshot of it after the pass)
//          --after-edit (after the restart, one post is edited through the
//          admin API, and the pass starts once the server's background jobs
//          are done: what readers meet after a write)
//          --start=image|npm|node (how the measured server is started:
//          the Dockerfile's command, `npm start`'s script, or plain
//          `node build/node/server.js`; bench/harness.mjs, START_PATHS)
//          --machine-memory=<MB> (the heap sizes V8 picks by itself on a
//          machine with that much memory, heapSizesOfMachine)
//          --right-after-writes (before the restart, the same pass on the
//          server that made the posts, as soon as the last one is saved,
//          without waiting for its background work: what the first
//          readers after a bulk import meet; printed next to the settled
//          pass, both against the same baseline)
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildForProduction,
  mb,
  positiveInt,
  printTable,
  rssOf,
  runBenchmark,
  sleep,
  startBuiltServer,
  startInMemoryServer,
  heapSizesOfMachine,
  startPathOf,
  stopAfter,
  stopChild,
} from './harness.mjs';
import { COVER_HEIGHT, COVER_WIDTH, api, inParallel, signIn, uploadCover, waitForJobs } from './site-admin.mjs';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    covers: { type: 'string', default: '25' },
    concurrency: { type: 'string', default: '16' },
    'cpu-prof': { type: 'string' },
    'heap-snapshot': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    start: { type: 'string', default: 'image' },
    'machine-memory': { type: 'string' },
    'after-edit': { type: 'boolean', default: false },
    'right-after-writes': { type: 'boolean', default: false },
  },
});
const POST_COUNT = positiveInt('posts', args.posts);
const COVER_COUNT = Math.min(POST_COUNT, positiveInt('covers', args.covers));
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const AFTER_EDIT = args['after-edit'];
const START = startPathOf(args.start);
const MACHINE_MEMORY = args['machine-memory'] === undefined ? undefined : positiveInt('machine-memory', args['machine-memory']);
const RIGHT_AFTER_WRITES = args['right-after-writes'];
const TARGET_RATIO = AFTER_EDIT ? 0.25 : 0.1;
const TARGET_RSS_MB = 300;
/** A page still unanswered after this long fails the run. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A review of the shape the site publishes: headings, paragraphs, a list, a table, a link. */
const postContent = (i) =>
  `## Why it caught our eye\n\n${`Campaign ${i} explains its plan in detail, with **costs**, a _timeline_ and [its team](https://example.com/team-${i}). `.repeat(30)}\n\n` +
  '## What backers get\n\n- An early-bird edition\n- Monthly updates\n- A name in the credits\n\n' +
  '| Pledge | Reward |\n| --- | --- |\n| $25 | Digital edition |\n| $60 | Boxed edition |\n\n' +
  `## Our take\n\n${'Realistic delivery dates and an honest risk section. '.repeat(10)}\n\n> Backers should expect a delay of a month or two.`;

// Creating the posts, the covers' copies and two passes, bounded.
stopAfter((300 + POST_COUNT / 5) * 1000);

/** GET of each path once, `CONCURRENCY` at a time on keep-alive sockets; latencies and failures. */
async function pass(baseUrl, paths) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  const failures = new Map();
  const get = (pathname) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${baseUrl}${pathname}`, { agent }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (response.statusCode !== 200) failures.set(`status ${response.statusCode}`, (failures.get(`status ${response.statusCode}`) ?? 0) + 1);
          resolve();
        });
      });
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
      request.on('error', (error) => {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        resolve();
      });
    });
  const started = performance.now();
  await inParallel(paths.length, CONCURRENCY, (i) => get(paths[i]));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return { rps: paths.length / seconds, seconds, p50: at(0.5), p99: at(0.99), failures };
}

async function main() {
  // A build left by a test run may hold a development build of React.
  if (!args['skip-build']) await buildForProduction();

  // 1. The posts, through the admin API.
  const setup = await startBuiltServer({
    name: 'site server (setup)',
    tempPrefix: 'showcase-bench-cold-',
    unsetEnv: ['GA_MEASUREMENT_ID'],
    // `npm start` turns the built-in test checkout on: the pages the setup server keeps must be rendered under the
    // same configuration as the measured server's for it to answer them.
    start: START,
  });
  const token = await signIn(setup);
  const { categories } = await api(setup.baseUrl, 'GET', '/api/categories');
  const started = performance.now();
  const covers = [];
  await inParallel(COVER_COUNT, 2, async (i) => {
    covers[i] = await uploadCover(setup.baseUrl, token, i);
  });
  // The covers go to posts spread over the list, not to its first few.
  const coverOf = (i) => (i % Math.floor(POST_COUNT / COVER_COUNT) === 0 ? covers[i / Math.floor(POST_COUNT / COVER_COUNT)] : undefined);
  const slugs = [];
  const ids = [];
  await inParallel(POST_COUNT, 4, async (i) => {
    const slug = `cold-post-${i + 1}`;
    const created = await api(setup.baseUrl, 'POST', '/api/admin/posts', {
      token,
      body: {
        title: `Cold visit campaign ${i + 1}`,
        slug,
        excerpt: `A reviewed campaign, number ${i + 1}: what backers get, the plan, and our take on the risks.`,
        content: postContent(i + 1),
        cover_image: coverOf(i) ?? '',
        campaign_url: `https://www.kickstarter.com/projects/cold-${i + 1}`,
        status: 'published',
        read_time: 2 + (i % 8),
        category_ids: [categories[i % categories.length].id, ...(i % 3 === 0 ? [categories[(i + 1) % categories.length].id] : [])],
      },
    });
    slugs[i] = slug;
    ids[i] = created.id;
  });
  const writesSeconds = (performance.now() - started) / 1000;
  let rightAfter;
  if (RIGHT_AFTER_WRITES) {
    // The first readers of an import: the pass starts as the last post is saved, its background work still to do.
    console.log(`\nRight after the writes: first visit of ${slugs.length} post pages on the server that made them, ${CONCURRENCY} at a time`);
    rightAfter = await pass(setup.baseUrl, slugs.map((slug) => `/${slug}`));
    rightAfter.rss = rssOf(setup.child.pid);
  }
  const failedJobs = await waitForJobs(path.join(setup.dataDir, 'site.db'));
  console.log(
    `Created ${POST_COUNT} posts (${COVER_COUNT} with a ${COVER_WIDTH}x${COVER_HEIGHT} JPEG cover) through the API in ` +
      `${writesSeconds.toFixed(1)} s; background work done ${((performance.now() - started) / 1000 - writesSeconds).toFixed(1)} s after; covers' copies made${failedJobs ? `, ${failedJobs} jobs failed` : ''}; ` +
      `setup server RSS ${mb(rssOf(setup.child.pid))} MB`,
  );
  await stopChild(setup.child);

  // 2. A fresh server on that data, each post page once.
  const profileDir = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;
  const snapshotDir = args['heap-snapshot'] ? path.resolve(args['heap-snapshot']) : undefined;
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-cold-',
    dataDir: setup.dataDir,
    unsetEnv: ['GA_MEASUREMENT_ID'],
    // The same links as the first server's (its address): the pages it kept in the database (decision 073) are
    // the pages this one would render.
    env: { ADMIN_PASSWORD: setup.adminPassword, PUBLIC_URL: setup.baseUrl },
    start: START,
    nodeArgs: [
      ...(MACHINE_MEMORY ? heapSizesOfMachine(MACHINE_MEMORY) : []),
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : []),
    ],
  });
  const rssIdle = rssOf(site.child.pid);
  const paths = slugs.map((slug) => `/${slug}`);
  if (AFTER_EDIT) {
    // One editor saves one post: its page, the lists and the related blocks it is in go out of date.
    const siteToken = await signIn(site);
    const current = await api(site.baseUrl, 'GET', `/api/admin/posts/${ids[0]}`, { token: siteToken });
    const editStarted = performance.now();
    await api(site.baseUrl, 'PUT', `/api/admin/posts/${ids[0]}`, { token: siteToken, body: { ...current, title: `${current.title} (edited)` } });
    // The background render of what the edit touched starts a moment after it: waited for with the quiet time.
    await waitForJobs(path.join(setup.dataDir, 'site.db'));
    console.log(`Edited ${slugs[0]}; the server's background jobs were done ${((performance.now() - editStarted) / 1000).toFixed(1)} s after the save`);
  }
  console.log(
    `\nFirst visit of ${paths.length} post pages, ${CONCURRENCY} at a time, keep-alive; server started as ${START}${MACHINE_MEMORY ? ` with the heap of a ${MACHINE_MEMORY} MB machine` : ''}; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const cold = await pass(site.baseUrl, paths);
  const rssAfter = rssOf(site.child.pid);
  if (snapshotDir) {
    // Written synchronously by the server; the next request waits until it is done.
    site.child.kill('SIGUSR2');
    await sleep(1000);
  }

  // 3. The baseline: one post's HTML from memory, as many requests.
  const sample = await fetch(`${site.baseUrl}/${slugs[0]}`);
  const html = Buffer.from(await sample.arrayBuffer());
  const baseline = await startInMemoryServer(html, sample.headers.get('content-type') ?? 'text/html', '/');
  // At least a few thousand requests: a short pass on the baseline is over before its rate settles.
  const memory = await pass(baseline.baseUrl, Array.from({ length: Math.max(paths.length, 5000) }, (_, i) => paths[i % paths.length]));

  console.log('');
  const format = (ms) => (ms < 1 ? '<1' : ms.toFixed(1));
  printTable([
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'seconds', 'failures'],
    ['in-memory node:http (one post page)', memory.rps.toFixed(0), format(memory.p50), format(memory.p99), memory.seconds.toFixed(2), String([...memory.failures.values()].reduce((a, b) => a + b, 0))],
    ...(rightAfter
      ? [['site, right after the writes', rightAfter.rps.toFixed(0), format(rightAfter.p50), format(rightAfter.p99), rightAfter.seconds.toFixed(2), String([...rightAfter.failures.values()].reduce((a, b) => a + b, 0))]]
      : []),
    ['site, each post page once', cold.rps.toFixed(0), format(cold.p50), format(cold.p99), cold.seconds.toFixed(2), String([...cold.failures.values()].reduce((a, b) => a + b, 0))],
  ]);
  const ratio = cold.rps / memory.rps;
  if (rightAfter) {
    console.log(`ratio site right after the writes / baseline: ${(rightAfter.rps / memory.rps).toFixed(3)} (setup server RSS after it ${mb(rightAfter.rss)} MB)`);
  }
  console.log(`ratio site${rightAfter ? ' settled' : ''} / baseline: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`);
  console.log(
    `server RSS: ${mb(rssIdle)} MB started, ${mb(rssAfter)} MB after the pass ` +
      `(target <= ${TARGET_RSS_MB}: ${rssAfter <= TARGET_RSS_MB * 1024 * 1024 ? 'met' : 'not met'}); ${html.length} bytes of HTML per post page`,
  );
  const rightAfterFailures = rightAfter?.failures ?? new Map();
  for (const [what, count] of [...rightAfterFailures, ...cold.failures, ...memory.failures]) console.log(`  failed: ${what} x${count}`);
  if (rightAfterFailures.size > 0 || cold.failures.size > 0 || memory.failures.size > 0) throw new Error('some requests failed; the figures are not valid');
  if (profileDir) console.log(`CPU profile of the measured server: ${profileDir} (written as it stops)`);
}

await runBenchmark(main);
