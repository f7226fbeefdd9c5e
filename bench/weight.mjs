// `npm run bench:weight`: what a first visit downloads, on the real built
// server with the demo content (SEED_DEMO=true), in one run:
//
//   1. The HTML of a post page, uncompressed (target <= 35 KB), and whether
//      the stylesheet comes inlined, as a file, or both.
//   2. JavaScript on `/`: every script a fresh Chromium visit at a phone's
//      width loads until the network is idle and 3 s more: the gzip size
//      (level 9, as Vite reports it; target <= 120 KB) and the bytes the
//      server actually sent (its own encoding, brotli for Chromium); and
//      how much of it was asked for before the load event (issue 45: target
//      <= 120 KB gzip), there and on the heaviest post page.
//
// It first rebuilds the server and the web app (production build) unless
// given --skip-build. Everything listens on and talks to 127.0.0.1.
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildForProduction, printTable, runBenchmark, startBuiltServer, stopAfter } from './harness.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './lighthouse-audit.mjs';

const TARGET_HTML_KB = 35;
const TARGET_JS_KB = 120;

const { values: args } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });

stopAfter(300_000);

const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * Every script a fresh visit of `url` loads: gzip level 9 of its body, the
 * encoded bytes received, and whether it was asked for before the page's
 * load event.
 */
async function scriptsLoadedBy(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const scripts = new Map();
    const pending = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body() : Buffer.alloc(0);
          const { responseBodySize } = await request.sizes();
          scripts.set(new URL(request.url()).pathname, { gzip: gzipSync(body, { level: 9 }).length, sent: responseBodySize });
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Whatever loads once the page is idle counts too.
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const beforeLoad = new Set(
      await page.evaluate(() => {
        const loadAt = performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < loadAt)
          .map((entry) => new URL(entry.name).pathname);
      }),
    );
    for (const [name, sizes] of scripts) sizes.beforeLoad = beforeLoad.has(name);
    return [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!args['skip-build']) await buildForProduction();
  // Without the analytics tag: no third party in the measurement.
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-weight-',
    unsetEnv: ['GA_MEASUREMENT_ID', 'PUBLIC_URL'],
    env: { SEED_DEMO: 'true' },
  });

  const { posts } = await (await fetch(`${site.baseUrl}/api/posts?status=published&pageSize=20`)).json();
  if (!posts?.length) throw new Error('no published demo post found');
  // The heaviest of the demo posts.
  let slug = '';
  let html = '';
  for (const post of posts) {
    const response = await fetch(`${site.baseUrl}/${post.slug}`, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`GET /${post.slug} answered ${response.status}`);
    const text = await response.text();
    if (Buffer.byteLength(text) > Buffer.byteLength(html)) [slug, html] = [post.slug, text];
  }
  const htmlBytes = Buffer.byteLength(html);
  const styleBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].length;
  console.log(`1. HTML of the heaviest of ${posts.length} demo post pages, /${slug}`);
  console.log(
    `${htmlBytes} bytes (${kb(htmlBytes)} KB; target <= ${TARGET_HTML_KB}: ${htmlBytes <= TARGET_HTML_KB * 1024 ? 'met' : 'not met'}), ` +
      `of which ${styleBytes} bytes in <style> blocks; ${stylesheets} stylesheet link(s)`,
  );

  console.log('\n2. JavaScript on / (a fresh visit, until idle)');
  const scripts = await scriptsLoadedBy(`${site.baseUrl}/`);
  const gzip = scripts.reduce((sum, [, sizes]) => sum + sizes.gzip, 0);
  const sent = scripts.reduce((sum, [, sizes]) => sum + sizes.sent, 0);
  printTable([
    ['script', 'gzip KB', 'sent KB', 'before load'],
    ...scripts.map(([name, sizes]) => [name, kb(sizes.gzip), kb(sizes.sent), sizes.beforeLoad ? 'yes' : 'no']),
  ]);
  console.log(
    `total: ${kb(gzip)} KB gzip (${kb(sent)} KB as sent) in ${scripts.length} files ` +
      `(target <= ${TARGET_JS_KB} KB gzip: ${gzip <= TARGET_JS_KB * 1024 ? 'met' : 'not met'})`,
  );
  printBeforeLoad('/', scripts);

  console.log(`\n3. JavaScript on /${slug} (a fresh visit, until idle)`);
  printBeforeLoad(`/${slug}`, await scriptsLoadedBy(`${site.baseUrl}/${slug}`));
}

/** The gzip bytes of the scripts asked for before the load event, against the target, and of all of them. */
function printBeforeLoad(path, scripts) {
  const before = scripts.filter(([, sizes]) => sizes.beforeLoad).reduce((sum, [, sizes]) => sum + sizes.gzip, 0);
  const all = scripts.reduce((sum, [, sizes]) => sum + sizes.gzip, 0);
  console.log(
    `${path}: ${kb(before)} KB gzip asked for before the load event, ${kb(all)} KB in all ` +
      `(target <= ${TARGET_JS_KB} KB before load: ${before <= TARGET_JS_KB * 1024 ? 'met' : 'not met'})`,
  );
}

await runBenchmark(main);
