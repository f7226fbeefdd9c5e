/**
 * Lighthouse 12's accessibility category (mobile preset, its default) scores
 * 100 on the public pages a visitor lands on: home, a post, a category, the
 * resources, both calculators with a result, contact and the sponsored
 * offer. A page below 100 names its failing audits. Lighthouse drives a
 * Chromium of its own through its debugging port; that Chromium resolves no
 * host but 127.0.0.1, so nothing leaves the machine.
 */
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { seedPosts, seedResource, useJourney } from './harness.ts';

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
  let browser: Browser | undefined;
  let port = 0;

  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'solar-backpack-pro', title: 'Solar Backpack Pro', campaign_url: 'https://www.kickstarter.com/projects/solar-backpack-pro' },
      { slug: 'tabletop-saga', title: 'Tabletop Saga with a Living Map', category_ids: ['creative'] },
      { slug: 'repairable-espresso-grinder', title: 'An Espresso Grinder Built to Be Repaired', category_ids: ['tech', 'business'] },
      { slug: 'balcony-gardens', title: 'Vertical Gardens for City Balconies', category_ids: ['social'] },
    ]);
    await seedResource(site, { slug: 'planning-your-first-campaign', title: 'Planning your first campaign' });
    port = await freePort();
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--remote-debugging-port=${port}`,
        '--remote-debugging-address=127.0.0.1',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
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
