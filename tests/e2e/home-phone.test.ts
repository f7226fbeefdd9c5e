/**
 * The home page on a phone, with the demo content of a first start: the
 * front's first two posts as story cards, the rest as compact rows, so the
 * first band comes within about four screens; and the phone menu's links
 * to the campaigns ending soon and the newsletter archive.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, useJourney, visit } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('the home page on a phone', () => {
  const { visitor } = useJourney({ env: { SEED_DEMO: 'true' }, visit: PHONE });

  it('reaches its first band within four screens: two story cards, then the front as compact rows', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await rejectCookies(page);
    const band = page.getByRole('region', { name: 'Ending in the next 48 hours' });
    await band.waitFor();
    const screens = await band.evaluate((element) => (element.getBoundingClientRect().top + window.scrollY) / window.innerHeight);
    expect(screens).toBeLessThanOrEqual(4);

    // The first two posts story cards, their titles under their covers; every later one a row, its cover beside its title.
    const tiles = await page
      .getByRole('region', { name: 'Latest projects' })
      .getByRole('article')
      .evaluateAll((articles) =>
        articles.map((article) => {
          const box = (selector: string) => article.querySelector(selector)?.getBoundingClientRect();
          const cover = box('.cover-image');
          const title = box('h3');
          return {
            height: article.getBoundingClientRect().height,
            isCoverBeside: cover !== undefined && title !== undefined && cover.right <= title.left,
          };
        }),
      );
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    const [first, second, ...rows] = tiles;
    expect([first?.isCoverBeside, second?.isCoverBeside]).toEqual([false, false]);
    for (const row of rows) {
      expect(row.isCoverBeside).toBe(true);
      expect(row.height).toBeLessThan(second?.height ?? 0);
    }
    await expectNoSeriousA11yViolations(page);
  });

  it('offers the campaigns ending soon and the newsletter archive in the phone menu', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await page.locator('summary', { hasText: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Newsletter Archive' }).waitFor();
    await menu.getByRole('link', { name: 'Ending Soon' }).click();
    await page.waitForURL('**/ending-soon');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ending Soon');
    await expectNoSeriousA11yViolations(page);
  });
});
