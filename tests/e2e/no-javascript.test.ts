/**
 * No dead ends without JavaScript, and a keyboard that can always see where
 * it is: the header's Projects and Tools menus lead to categories and
 * calculators with scripts off, the back office says it needs them, Escape
 * closes the phone menu back to its button, and focused menu items and
 * cookie-banner buttons carry a ring at least 2px wide.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, visit, useJourney } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The widest focus indicator of the focused element: its outline, or a box-shadow ring. */
function focusRingWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused) return 0;
    const style = getComputedStyle(focused);
    const outline = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth) || 0;
    // A Tailwind ring is a box-shadow with no blur: its spread is the width.
    const spreads = [...style.boxShadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px/g)].map((match) =>
      Number.parseFloat(match[4] ?? '0'),
    );
    return Math.max(outline, ...spreads);
  });
}

function headerMenu(page: Page, label: string): { menu: Locator; button: Locator } {
  const menu = page
    .getByRole('navigation', { name: 'Main' })
    .locator('details', { has: page.locator('summary', { hasText: label }) });
  return { menu, button: menu.locator('summary') };
}

describe('a visitor without JavaScript', () => {
  const { visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  it('reaches a category through the Projects menu and a calculator through the Tools menu', async () => {
    const { page } = visitor;
    await visit(visitor, '/resources');
    const projects = headerMenu(page, 'Projects');
    await projects.button.click();
    expect(await projects.menu.getByRole('link', { name: 'Creative Projects' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    await projects.menu.getByRole('link', { name: 'Creative Projects' }).click();
    await page.waitForURL('**/category/creative-projects');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Creative Projects');

    const tools = headerMenu(page, 'Tools');
    await tools.button.click();
    await tools.menu.getByRole('link', { name: 'Kickstarter Calculator' }).click();
    await page.waitForURL('**/instant-kickstarter-fee-calculator');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kickstarter Fee Calculator');
  });

  it('is told that the back office needs JavaScript', async () => {
    const { page } = visitor;
    await visit(visitor, '/admin');
    // Located by CSS: Playwright's text and role lookups pass over <noscript> content.
    const message = page.locator('noscript [role="alert"]');
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toContain('The back office needs JavaScript.');
    expect(await message.textContent()).toContain('Turn JavaScript on');
  });
});

describe('a visitor with JavaScript', () => {
  const { visitor, openVisit } = useJourney();

  it('sees a 2px ring on the focused menu item, and its first click navigates', async () => {
    const { page } = visitor;
    await visit(visitor, '/resources');
    const projects = headerMenu(page, 'Projects');
    await projects.button.focus();
    await page.keyboard.press('Enter');
    expect(await projects.menu.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All Projects');
    expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);

    // Escape closes it and hands the focus back to its button.
    await page.keyboard.press('Escape');
    expect(await projects.menu.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Projects');

    await projects.button.click();
    await projects.menu.getByRole('link', { name: 'Technology' }).click();
    await page.waitForURL('**/category/technology');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Technology');
    // A followed link closes the menu.
    expect(await projects.menu.getAttribute('open')).toBeNull();
  });

  it("sees a 2px ring on the cookie banner's focused button", async () => {
    const { page } = await openVisit();
    await page.goto('/', { waitUntil: 'networkidle' });
    const reject = page.getByRole('button', { name: 'Reject all' }).first();
    await reject.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await reject.focus();
    expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);
    // The site's ring, not the browser's thin default the banner's reset falls back to.
    expect(await reject.evaluate((button) => getComputedStyle(button).outlineStyle)).toBe('solid');
  });

  it('closes the phone menu with Escape, giving the focus back to its button', async () => {
    const phone = await openVisit(PHONE);
    const { page } = phone;
    await visit(phone, '/');
    const menu = page.locator('details', { has: page.locator('summary', { hasText: 'Menu' }) });
    await menu.locator('summary').click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.waitFor();
    await mobileNav.getByRole('link', { name: 'All Projects' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('open')).toBeNull();
    expect(await mobileNav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
  });

  it("closes the back office's phone menu with Escape, giving the focus back to its button", async () => {
    const { page } = await openVisit(PHONE);
    await signIn(page);
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    await adminNav.getByRole('link', { name: 'Posts', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => adminNav.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('admin-sidebar');
  });
});
