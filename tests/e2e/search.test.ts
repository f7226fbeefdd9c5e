import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, seedPosts, seedResource, visit, useJourney } from './harness.ts';

describe('a visitor searching the site', () => {
  const { site, visitor, openVisit } = useJourney();

  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'e2e-kickstarter-tips', title: 'Kickstarter launch tips', content: 'Plan the first Kickstarter week carefully.' },
      { slug: 'e2e-garden-robot', title: 'Garden robot', content: 'Weeds the beds at night.' },
    ]);
    await seedResource(site, { slug: 'e2e-kickoff-guide', title: 'Kickoff checklist', content: 'Everything before launch day.' });
  });

  it('searches from the header form and reads highlighted results', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await rejectCookies(page);
    const header = page.getByRole('search', { name: 'Site search' });
    await header.getByRole('searchbox', { name: 'Search posts and resources' }).fill('kick');
    await header.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search?q=kick');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Search results for “kick”');
    const results = page.getByRole('region', { name: 'Results' });
    expect((await results.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual([
      'Kickoff checklist',
      'Kickstarter launch tips',
    ]);
    expect(await results.locator('mark').allTextContents()).toContain('Kickstarter');
    const again = page.getByRole('search', { name: 'Search posts and resources' }).getByRole('searchbox');
    expect(await again.inputValue()).toBe('kick');
    await expectNoSeriousA11yViolations(page);

    await results.getByRole('link', { name: 'Kickstarter launch tips' }).click();
    await page.waitForURL('**/e2e-kickstarter-tips');
    expect(visitor.pageErrors).toEqual([]);
  });

  it('opens the search on a tablet from its button, with the focus in the field; Escape gives the focus back', async () => {
    const tablet = await openVisit({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });
    try {
      const { page } = tablet;
      await visit(tablet, '/');
      await rejectCookies(page);
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search posts and resources' });
      expect(await box.isVisible()).toBe(false);
      const button = page.getByRole('banner').locator('summary', { hasText: 'Search' });
      await button.click();
      await expect.poll(() => box.evaluate((field) => field === document.activeElement)).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      expect(await box.isVisible()).toBe(false);
      expect(await button.evaluate((summary) => summary === document.activeElement)).toBe(true);

      await button.click();
      await box.fill('garden');
      await box.press('Enter');
      await page.waitForURL('**/search?q=garden');
      // A search made closes the panel.
      await expect.poll(() => box.isVisible()).toBe(false);
      expect(tablet.pageErrors).toEqual([]);
    } finally {
      await tablet.context.close();
    }
  });

  it('searches on a phone without JavaScript, from behind the header\'s search button', async () => {
    const phone = await openVisit({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    try {
      await visit(phone, '/');
      const box = phone.page.getByRole('searchbox', { name: 'Search posts and resources' });
      // Nothing to search in until the button is pressed: the page comes first on a phone.
      expect(await box.count()).toBe(0);
      const button = phone.page.getByRole('banner').locator('summary', { hasText: 'Search' });
      const size = await button.boundingBox();
      expect(size?.width).toBeGreaterThanOrEqual(24);
      expect(size?.height).toBeGreaterThanOrEqual(24);
      await button.click();
      expect(await box.count()).toBe(1);
      await box.fill('garden');
      await box.press('Enter');
      await phone.page.waitForURL('**/search?q=garden');
      expect(await phone.page.getByRole('link', { name: 'Garden robot' }).count()).toBe(1);
      await expectNoSeriousA11yViolations(phone.page, { javaScriptEnabled: false });
    } finally {
      await phone.context.close();
    }
  });
});
