/**
 * `/projects` in a browser (decision 095): "All Projects" in the header's
 * Projects menu and in the phone menu opens it; its filters and orders are
 * links that work with JavaScript and without; cards carry the funding
 * bar; axe finds nothing serious on any of it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, seedPosts, useJourney, visit } from './harness.ts';

const DAY = 86_400;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const cardTitles = (page: Page) => page.getByRole('region', { name: /^All Projects|Projects,/ }).getByRole('heading', { level: 3 }).allTextContents();

describe('browsing every project', () => {
  const { site, visitor, openVisit } = useJourney();

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    const live = (pledged: number, endsIn: number) => ({
      platform: 'kickstarter',
      currency: 'USD',
      goal: 10_000,
      pledged,
      backers: 12,
      launched_at: now - 10 * DAY,
      ends_at: now + endsIn,
      state: 'live',
    });
    await seedPosts(site, [
      { slug: 'e2e-lamp', title: 'Desk lamp', category_ids: ['tech'], published_at: now - DAY, campaign_url: 'https://www.kickstarter.com/projects/a/lamp', campaign: live(6_000, 20 * DAY) },
      { slug: 'e2e-board-game', title: 'Board game', category_ids: ['creative'], published_at: now - 2 * DAY, campaign_url: 'https://www.kickstarter.com/projects/a/game', campaign: live(25_000, 5 * DAY) },
      {
        slug: 'e2e-water',
        title: 'Water filter',
        category_ids: ['social'],
        published_at: now - 3 * DAY,
        campaign_url: 'https://www.kickstarter.com/projects/a/water',
        campaign: { ...live(12_000, 0), state: 'successful', ends_at: now - 4 * DAY },
      },
      { slug: 'e2e-guide', title: 'Plain review', category_ids: ['business'], published_at: now - 4 * DAY },
    ]);
  });

  it('opens from "All Projects" in the Projects menu; its filters and orders follow as links, the bar on each card', async () => {
    const { page } = visitor;
    await visit(visitor, '/resources');
    await rejectCookies(page);
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Projects' }) });
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: 'All Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/projects' && url.search === '');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('All Projects');
    expect(await cardTitles(page)).toEqual(['Desk lamp', 'Board game', 'Water filter', 'Plain review']);
    const bar = page.getByRole('article').filter({ hasText: 'Desk lamp' }).getByRole('progressbar', { name: 'Funding' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('60');
    expect((await bar.boundingBox())?.height).toBeGreaterThanOrEqual(8);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: 'Live' }).click();
    await page.waitForURL('**/projects?campaign=live');
    await expect.poll(() => cardTitles(page)).toEqual(['Desk lamp', 'Board game']);
    await page.getByRole('navigation', { name: 'Sort projects' }).getByRole('link', { name: 'Ending first' }).click();
    await page.waitForURL('**/projects?campaign=live&sort=ending_first');
    await expect.poll(() => cardTitles(page)).toEqual(['Board game', 'Desk lamp']);
    expect(await page.getByRole('link', { name: 'Ending first' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page);
    expect(visitor.pageErrors).toEqual([]);
  });

  it('filters and orders without JavaScript, from the phone menu', async () => {
    const phone = await openVisit({ ...PHONE, javaScriptEnabled: false });
    const { page } = phone;
    await visit(phone, '/');
    await page.locator('details', { has: page.locator('summary', { hasText: 'Menu' }) }).locator('summary').click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: 'Funded' }).click();
    await page.waitForURL('**/projects?campaign=funded');
    expect(await cardTitles(page)).toEqual(['Board game', 'Water filter']);
    await page.getByRole('navigation', { name: 'Sort projects' }).getByRole('link', { name: 'Most funded' }).click();
    await page.waitForURL('**/projects?campaign=funded&sort=percent_funded');
    expect(await cardTitles(page)).toEqual(['Board game', 'Water filter']);
    await page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: 'Ended' }).click();
    await page.waitForURL('**/projects?campaign=ended&sort=percent_funded');
    expect(await cardTitles(page)).toEqual(['Water filter']);
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
  });
});
