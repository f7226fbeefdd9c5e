/**
 * Lighthouse 12's accessibility category (mobile preset, its default) scores
 * 100 on the public pages a visitor lands on: home, a post, a category, the
 * resources, both calculators with a result, contact and the sponsored
 * offer. A page below 100 names its failing audits. Lighthouse drives a
 * Chromium of its own through its debugging port; that Chromium resolves no
 * host but 127.0.0.1, so nothing leaves the machine. Chromium picks the port
 * itself (port 0) and writes it to DevToolsActivePort in its profile: a port
 * chosen beforehand could be taken by another process before Chromium binds it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, seedPosts, seedResource, useJourney } from './harness.ts';

/** The debugging port Chromium wrote to its profile: the first line of DevToolsActivePort, once it is there. */
function activePort(profile: string): number {
  try {
    return Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

const PAGES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'post', path: '/solar-backpack-pro' },
  { name: 'category', path: '/category/technology' },
  { name: 'resources', path: '/resources' },
  { name: 'Kickstarter calculator', path: '/instant-kickstarter-fee-calculator?funds=10000&backers=100' },
  { name: 'Indiegogo calculator', path: '/free-indiegogo-fee-calculator?funds=1234.56&backers=37&bank_transfer=on' },
  { name: 'contact', path: '/contact-us' },
  { name: 'sponsored', path: '/submit-your-project-for-a-sponsored-post' },
];

describe('Lighthouse accessibility of the public pages', () => {
  const { site } = useJourney({ visit: false });
  let browser: BrowserContext | undefined;
  let profile: string | undefined;
  let port = 0;

  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'solar-backpack-pro', title: 'Solar Backpack Pro', campaign_url: 'https://www.kickstarter.com/projects/solar-backpack-pro' },
      { slug: 'tabletop-saga', title: 'Tabletop Saga with a Living Map', category_ids: ['creative'] },
      { slug: 'repairable-espresso-grinder', title: 'An Espresso Grinder Built to Be Repaired', category_ids: ['tech', 'business'] },
      { slug: 'balcony-gardens', title: 'Vertical Gardens for City Balconies', category_ids: ['social'] },
    ]);
    await seedResource(site, { slug: 'planning-your-first-campaign', title: 'Planning your first campaign' });
    // A profile of its own (a persistent context), so the file Chromium writes the port to is known.
    profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        '--remote-debugging-port=0',
        '--remote-debugging-address=127.0.0.1',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const dir = profile;
    // vi.waitFor, as expect.poll is for tests, not hooks: it fails the hook if the port never appears.
    port = await vi.waitFor(
      () => {
        const written = activePort(dir);
        if (written <= 0) throw new Error('Chromium has not written its debugging port');
        return written;
      },
      { timeout: 30_000, interval: 100 },
    );
  });

  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  for (const page of PAGES) {
    it(`scores 100 on ${page.name} (${page.path})`, async () => {
      const result = await lighthouse(`${site.baseUrl}${page.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      expect(lhr.runtimeError, `Lighthouse could not audit ${page.path}`).toBeUndefined();
      // The page itself, not where a redirect led.
      expect(lhr.finalDisplayedUrl).toBe(`${site.baseUrl}${page.path}`);
      const score = lhr.categories.accessibility?.score;
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
        .map((audit) => audit.id);
      process.stdout.write(`Lighthouse accessibility of ${page.path}: ${Math.round((score ?? 0) * 100)}\n`);
      expect({ score, failing }, `failing audits on ${page.path}`).toEqual({ score: 1, failing: [] });
    });
  }
});
