/**
 * A public page's scripts load once it has painted (decision 102): none is
 * asked for before the load event, and once they have run the page behaves
 * as before: client navigation, a form's inline answer. A public page
 * reached from the back office by client navigation links the public
 * stylesheet instead of having it inline.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './admin-journey.ts';
import { rejectCookies, seedPosts, useJourney } from './harness.ts';

/** Every script the page asked for, and whether it did before the load event. */
const scriptRequests = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadAt = navigation?.loadEventStart ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, beforeLoad: entry.startTime < loadAt }));
  });

describe("a public page's scripts", () => {
  const { site, visitor } = useJourney();

  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'after-paint-lantern', title: 'After Paint Lantern' },
      { slug: 'after-paint-kite', title: 'After Paint Kite' },
    ]);
  });

  it('are asked for only after the load event, on the home page and a post', async () => {
    const { page } = visitor;
    for (const path of ['/', '/after-paint-lantern']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const scripts = await scriptRequests(page);
      expect(scripts.some((script) => /\/assets\/entry\.client-/.test(script.path)), path).toBe(true);
      expect(scripts.filter((script) => script.beforeLoad), path).toEqual([]);
    }
  });

  it('then hydrate the page: a link opens the next page without a reload, the newsletter form answers in place', async () => {
    const { page } = visitor;
    await page.goto('/', { waitUntil: 'networkidle' });
    await rejectCookies(page);
    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    const newsletter = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await newsletter.getByLabel('Email address').fill('after-paint@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await newsletter.getByRole('region', { name: 'Successfully subscribed!' }).innerText()).toContain("You'll receive our latest updates.");
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('link', { name: 'After Paint Kite', exact: true }).first().click();
    await page.waitForURL('**/after-paint-kite');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('After Paint Kite');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(visitor.pageErrors).toEqual([]);
  });

  it('style a public page reached from the back office without a reload', async () => {
    const { page } = visitor;
    await signIn(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.locator('#site-css').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))))
      // The public stylesheet instead of the back office's (the consent library may add its own: a choice is stored).
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]));
    expect(await page.locator('link[rel="stylesheet"][href^="/assets/app-"]').count()).toBe(0);
    // The site's paper colour and display face: the public classes apply.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(250, 248, 244)');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily)).toContain('Fraunces');
  });
});
