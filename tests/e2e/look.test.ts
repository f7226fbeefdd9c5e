/**
 * The site's look (docs/design.md), on the demo content of a first start:
 * a first visit fetches two font files, the display face and the text face,
 * and nothing moves as they arrive (cumulative layout shift 0) on the home
 * page and a post; a post's body keeps under 70 characters a line; axe
 * finds nothing serious. It keeps the pictures docs/design.md shows, in
 * `artifacts/screenshots/design/<name>.png` (or under SCREENSHOTS_DIR).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, useJourney, type Visit } from './harness.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DESIGN_DIR = path.resolve(PROJECT_ROOT, process.env.SCREENSHOTS_DIR ?? 'artifacts/screenshots', 'design');

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Sums every layout shift of the page from its first paint, as Core Web Vitals count them. */
const LAYOUT_SHIFT_OBSERVER = `
  window.__layoutShift = 0;
  window.__shifted = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShift += entry.value;
      for (const source of entry.sources) {
        const node = source.node;
        const name = node && node.nodeType === 1 ? node.tagName.toLowerCase() + '.' + [...node.classList].join('.') : String(node && node.nodeName);
        window.__shifted.push(name + ' ' + JSON.stringify([source.previousRect.y, source.currentRect.y, source.previousRect.height, source.currentRect.height]));
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** The page's layout shift so far, once its fonts are in and a frame has been drawn with them, and what moved. */
async function layoutShiftOf(page: Page): Promise<{ score: number; shifted: string[] }> {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300)))));
  return page.evaluate(() => {
    const record = window as unknown as { __layoutShift: number; __shifted: string[] };
    return { score: record.__layoutShift, shifted: record.__shifted };
  });
}

async function expectNoLayoutShift(page: Page): Promise<void> {
  const { score, shifted } = await layoutShiftOf(page);
  expect(score, `layout shift on ${page.url()}: ${shifted.join('; ')}`).toBe(0);
}

/** The families of the page's loaded web fonts. */
const loadedFaces = (page: Page) =>
  page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, '')).sort());

/** The most characters on one line of any paragraph of the post's body. */
const longestBodyLine = (page: Page) =>
  page.locator('.markdown').first().evaluate((body) => {
    let longest = 0;
    for (const paragraph of body.querySelectorAll('p')) {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const line = Math.round(rect.top);
          lines.set(line, (lines.get(line) ?? 0) + 1);
        }
      }
      for (const count of lines.values()) longest = Math.max(longest, count);
    }
    return longest;
  });

/** Keeps a picture of a part of the page, the site's sticky header kept out of it. */
async function keep(target: Locator, name: string): Promise<void> {
  await target.page().addStyleTag({ content: 'header.sticky { position: static !important; }' });
  await target.screenshot({ path: path.join(DESIGN_DIR, `${name}.png`), animations: 'disabled' });
}

describe('the look of the public site', () => {
  const { openVisit } = useJourney({ env: { SEED_DEMO: 'true' }, visit: false });
  let postPath = '';

  beforeAll(() => {
    mkdirSync(DESIGN_DIR, { recursive: true });
  });

  /** A first visit, in a fresh profile, watching font requests and layout shifts from the start. */
  async function firstVisit(options: BrowserContextOptions): Promise<Visit & { fonts: string[] }> {
    const visitor = await openVisit(options);
    const fonts: string[] = [];
    visitor.page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await visitor.page.addInitScript(LAYOUT_SHIFT_OBSERVER);
    return { ...visitor, fonts };
  }

  it('fetches two font files on a first visit, the display and the text face, and shifts nothing on the home page', async () => {
    const { page, fonts } = await firstVisit(DESKTOP);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectNoLayoutShift(page);
    expect(fonts.length, fonts.join(', ')).toBeLessThanOrEqual(2);
    expect(fonts.every((font) => font.endsWith('.woff2')), fonts.join(', ')).toBe(true);
    // Both web faces fetched and loaded. Without a stylesheet request before the first paint
    // (decision 102), that paint may come before they are in: it then uses the scaled local
    // fallbacks, which shift nothing (above), and `font-display: optional` keeps them for this page.
    expect(await loadedFaces(page)).toEqual(expect.arrayContaining(['Fraunces Variable', 'Public Sans Variable']));
    expect((await loadedFaces(page)).filter((face) => !face.includes('Fallback'))).toEqual(['Fraunces Variable', 'Public Sans Variable']);
    // Headlines in the display face, the rest in the text face.
    const family = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontFamily);
    expect(await family('h1')).toMatch(/^"?Fraunces Variable/);
    expect(await family('main p')).toMatch(/^"?Public Sans Variable/);
    await rejectCookies(page);
    await expectNoSeriousA11yViolations(page);

    postPath = (await page.getByRole('region', { name: 'Latest projects' }).getByRole('link').first().getAttribute('href')) ?? '';
    expect(postPath).toMatch(/^\/[\w-]+$/);
    await keep(page.getByRole('region', { name: 'Latest projects' }), 'front');
    await keep(page.locator('.content-card').filter({ has: page.locator('.cover-image') }).last(), 'story-card');
    await keep(page.getByRole('region', { name: 'Know the fees before you set a goal' }), 'compact-rows');
    await keep(page.locator('#newsletter'), 'newsletter-slab');
    await keep(page.locator('main header').first(), 'page-title');
  });

  it('shifts nothing on a post page either, and keeps its body under 70 characters a line', async () => {
    for (const device of [DESKTOP, PHONE]) {
      const { page, fonts } = await firstVisit(device);
      await page.goto(postPath, { waitUntil: 'networkidle' });
      await expectNoLayoutShift(page);
      expect(fonts.length, fonts.join(', ')).toBeLessThanOrEqual(2);
      expect(await longestBodyLine(page)).toBeLessThanOrEqual(70);
      await rejectCookies(page);
      await expectNoSeriousA11yViolations(page);
      if (device === DESKTOP) {
        await keep(page.locator('article').first(), 'post');
        await keep(page.locator('section:has(#enjoyed-title)'), 'post-slab');
      }
    }
  });

  it('lists search results as compact rows', async () => {
    const { page } = await firstVisit(DESKTOP);
    await page.goto('/search?q=campaign', { waitUntil: 'networkidle' });
    const rows = page.locator('.content-row');
    expect(await rows.count()).toBeGreaterThan(0);
    await rejectCookies(page);
    await expectNoSeriousA11yViolations(page);
    await keep(page.locator('section[aria-labelledby="search-results"]'), 'search-rows');
  });
});
