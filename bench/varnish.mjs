// `npm run bench:varnish`: the post pages through Varnish (the shipped
// deploy/varnish/default.vcl, backends replaced) in front of the real built
// server (SQLite), against the in-memory baseline of `npm run bench:cold`,
// and the time from an edit to the edge.
//
//   1. Creates the posts through the admin API, then starts the server again
//      on that data with CDN_PURGE=varnish, and Varnish in front of it.
//   2. Requests each post page once through Varnish (first visits: each a
//      miss the server renders), then the pages again, in turn, as many
//      requests as the baseline gets (repeat visits: hits), `--concurrency`
//      at a time over keep-alive sockets.
//   3. Runs the same client against the in-memory baseline serving one post's
//      HTML, as many requests.
//   4. `--edits` times: reads a post page through Varnish until it is a hit,
//      saves a new title through the admin API, and reads the page through
//      Varnish every 10 ms until the new title shows: the write, its purge
//      job and the render, as a reader meets them.
//
// It first rebuilds the server and the web app (production build). Needs
// varnishd and the xkey module (Debian: apt-get install varnish varnish-modules).
//
// Options: --posts=1000 --concurrency=16 --edits=10 --skip-build
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ROOT,
  buildForProduction,
  freePort,
  positiveInt,
  printTable,
  runBenchmark,
  sleep,
  startBuiltServer,
  startInMemoryServer,
  stopAfter,
  stopChild,
  tempDir,
  track,
} from './harness.mjs';
import { api, inParallel, signIn, waitForJobs } from './site-admin.mjs';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    edits: { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const POST_COUNT = positiveInt('posts', args.posts);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const EDITS = Math.min(POST_COUNT, positiveInt('edits', args.edits));
const REQUEST_TIMEOUT_MS = 30_000;
const VARNISHD = '/usr/sbin/varnishd';

const postContent = (i) =>
  `## Why it caught our eye\n\n${`Campaign ${i} explains its plan in detail, with **costs**, a _timeline_ and [its team](https://example.com/team-${i}). `.repeat(30)}\n\n` +
  '## What backers get\n\n- An early-bird edition\n- Monthly updates\n- A name in the credits\n\n' +
  `## Our take\n\n${'Realistic delivery dates and an honest risk section. '.repeat(10)}`;

stopAfter((300 + POST_COUNT / 5) * 1000);

/** GET of each path once, `CONCURRENCY` at a time on keep-alive sockets; rate, latencies, failures and X-Cache counts. */
async function pass(baseUrl, paths) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  const failures = new Map();
  const cache = new Map();
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const get = (pathname) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${baseUrl}${pathname}`, { agent, headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (response.statusCode !== 200) count(failures, `status ${response.statusCode}`);
          const xCache = response.headers['x-cache'];
          if (typeof xCache === 'string') count(cache, xCache);
          resolve();
        });
      });
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
      request.on('error', (error) => {
        count(failures, error.message);
        resolve();
      });
    });
  const started = performance.now();
  await inParallel(paths.length, CONCURRENCY, (i) => get(paths[i]));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return { rps: paths.length / seconds, seconds, p50: at(0.5), p99: at(0.99), failures, cache };
}

/** Varnish on `port` with the shipped configuration, its backends section replaced by one server on `backendPort`. */
async function startVarnish(port, backendPort) {
  if (!existsSync(VARNISHD)) throw new Error('no varnishd here (Debian: apt-get install varnish varnish-modules)');
  const dir = tempDir('showcase-bench-varnish-');
  // Its compiler runs as the `varnish` user when started as root.
  chmodSync(dir, 0o755);
  const shipped = readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8');
  const backends =
    `backend app1 { .host = "127.0.0.1"; .port = "${backendPort}"; }\n` +
    'sub vcl_init {\n    new app = directors.round_robin();\n    app.add_backend(app1);\n}';
  const vcl = shipped.replace(/# BEGIN backends[\s\S]*?# END backends/, backends);
  const vclFile = path.join(dir, 'bench.vcl');
  writeFileSync(vclFile, vcl, { mode: 0o644 });
  const jail = process.getuid?.() === 0 ? [] : ['-j', 'none'];
  const child = track(
    spawn(VARNISHD, ['-F', '-a', `127.0.0.1:${port}`, '-T', '127.0.0.1:0', '-f', vclFile, '-n', path.join(dir, 'work'), '-s', 'malloc,512m', ...jail], {
      stdio: ['ignore', 'ignore', 'ignore'],
    }),
    'varnishd',
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('varnishd stopped during start-up');
    const answer = await fetch(`${baseUrl}/api/posts`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() > until) throw new Error('Varnish did not answer from the server within 30 s');
    await sleep(100);
  }
  return { baseUrl, child };
}

async function main() {
  if (!args['skip-build']) await buildForProduction();

  // 1. The posts, through the admin API, then the measured server with Varnish in front.
  const setup = await startBuiltServer({ name: 'site server (setup)', tempPrefix: 'showcase-bench-varnish-', unsetEnv: ['GA_MEASUREMENT_ID'] });
  const token = await signIn(setup);
  const { categories } = await api(setup.baseUrl, 'GET', '/api/categories');
  const slugs = [];
  const ids = [];
  await inParallel(POST_COUNT, 4, async (i) => {
    const slug = `edge-post-${i + 1}`;
    const created = await api(setup.baseUrl, 'POST', '/api/admin/posts', {
      token,
      body: {
        title: `Edge visit campaign ${i + 1}`,
        slug,
        excerpt: `A reviewed campaign, number ${i + 1}: what backers get, the plan, and our take on the risks.`,
        content: postContent(i + 1),
        status: 'published',
        category_ids: [categories[i % categories.length].id],
      },
    });
    slugs[i] = slug;
    ids[i] = created.id;
  });
  await waitForJobs(path.join(setup.dataDir, 'site.db'));
  await stopChild(setup.child);

  const varnishPort = await freePort();
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-varnish-',
    dataDir: setup.dataDir,
    unsetEnv: ['GA_MEASUREMENT_ID'],
    env: {
      ADMIN_PASSWORD: setup.adminPassword,
      PUBLIC_URL: setup.baseUrl,
      TRUST_PROXY: 'true',
      CDN_PURGE: 'varnish',
      CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
    },
  });
  const varnish = await startVarnish(varnishPort, Number(new URL(site.baseUrl).port));
  const paths = slugs.map((slug) => `/${slug}`);

  // 2. Through Varnish: first visits, then repeat visits.
  console.log(`\n${paths.length} post pages through Varnish, each once, then ${Math.max(paths.length, 5000)} repeat visits; ${CONCURRENCY} at a time, keep-alive; ${os.cpus().length} CPUs, Node ${process.version}`);
  const first = await pass(varnish.baseUrl, paths);
  // As many requests as the baseline's pass: a pass of 1,000 hits is over before its rate settles.
  const repeat = await pass(varnish.baseUrl, Array.from({ length: Math.max(paths.length, 5000) }, (_, i) => paths[i % paths.length]));

  // 3. The baseline.
  const sample = await fetch(`${site.baseUrl}/${slugs[0]}`);
  const html = Buffer.from(await sample.arrayBuffer());
  const baseline = await startInMemoryServer(html, sample.headers.get('content-type') ?? 'text/html', '/');
  const memory = await pass(baseline.baseUrl, Array.from({ length: Math.max(paths.length, 5000) }, (_, i) => paths[i % paths.length]));

  console.log('');
  const format = (ms) => (ms < 1 ? '<1' : ms.toFixed(1));
  const total = (map) => [...map.values()].reduce((a, b) => a + b, 0);
  const cacheOf = (run) => [...run.cache].map(([what, n]) => `${what} ${n}`).join(', ');
  printTable([
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'seconds', 'failures', 'X-Cache'],
    ['in-memory node:http (one post page)', memory.rps.toFixed(0), format(memory.p50), format(memory.p99), memory.seconds.toFixed(2), String(total(memory.failures)), ''],
    ['Varnish, first visit of each page', first.rps.toFixed(0), format(first.p50), format(first.p99), first.seconds.toFixed(2), String(total(first.failures)), cacheOf(first)],
    ['Varnish, repeat visit of each page', repeat.rps.toFixed(0), format(repeat.p50), format(repeat.p99), repeat.seconds.toFixed(2), String(total(repeat.failures)), cacheOf(repeat)],
  ]);
  console.log(`ratio to the baseline: first visits ${(first.rps / memory.rps).toFixed(3)}, repeat visits ${(repeat.rps / memory.rps).toFixed(3)}`);

  // 4. From an edit to the edge.
  const siteToken = await signIn(site);
  const delays = [];
  /** A read through Varnish; a failure says why (the socket's error, not only "fetch failed"). */
  const read = (url) =>
    fetch(url).catch((error) => {
      throw new Error(`GET ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
    });
  for (let i = 0; i < EDITS; i += 1) {
    const id = ids[i];
    const page = `${varnish.baseUrl}/${slugs[i]}`;
    while ((await read(page)).headers.get('x-cache') !== 'HIT') await sleep(50);
    const current = await api(site.baseUrl, 'GET', `/api/admin/posts/${id}`, { token: siteToken });
    const title = `${current.title} (edit ${i + 1})`;
    const saved = performance.now();
    await api(site.baseUrl, 'PUT', `/api/admin/posts/${id}`, { token: siteToken, body: { ...current, title } });
    const until = saved + 30_000;
    for (;;) {
      if ((await (await read(page)).text()).includes(title)) break;
      if (performance.now() > until) throw new Error(`edit ${i + 1} did not reach the edge within 30 s`);
      await sleep(10);
    }
    delays.push(performance.now() - saved);
  }
  // A purge Varnish refused or did not answer is tried again after 10 s: it shows as a slow edit.
  const { failures: purgeFailures } = await api(site.baseUrl, 'GET', '/api/admin/cdn', { token: siteToken });
  console.log(`edits reached the edge after (ms, in order): ${delays.map((ms) => ms.toFixed(0)).join(', ')}`);
  for (const failure of purgeFailures) console.log(`  purge failed: ${JSON.stringify(failure)}`);
  delays.sort((a, b) => a - b);

  const at = (share) => delays[Math.min(delays.length - 1, Math.floor(share * delays.length))] ?? 0;
  console.log(`edit to the edge (${delays.length} edits): median ${at(0.5).toFixed(0)} ms, slowest ${(delays.at(-1) ?? 0).toFixed(0)} ms`);
  for (const [what, count] of [...first.failures, ...repeat.failures, ...memory.failures]) console.log(`  failed: ${what} x${count}`);
  await stopChild(varnish.child);
  if (first.failures.size > 0 || repeat.failures.size > 0 || memory.failures.size > 0) throw new Error('some requests failed; the figures are not valid');
}

await runBenchmark(main);
