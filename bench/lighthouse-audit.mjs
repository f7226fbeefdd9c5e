// Chromium for the benches, and a Lighthouse audit of one page in it
// (mobile preset: simulated slow 4G and a 4x slower CPU).
import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import { freePort, tempDir, track, waitFor } from './harness.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function startChromiumForLighthouse() {
  const port = await freePort();
  const profile = tempDir('showcase-bench-chromium-');
  const child = track(
    spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: 'ignore',
    }),
    'chromium',
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child);
  return { port, child };
}

export async function audit(port, url) {
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
  return { scores, failing, metrics, lhr };
}
