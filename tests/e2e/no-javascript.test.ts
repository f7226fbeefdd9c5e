/**
 * No dead ends without JavaScript, and a keyboard that can always see where
 * it is: the header's Projects and Tools menus lead to categories and
 * calculators with scripts off, and so do the public journeys (read a post,
 * calculate fees, send a message, subscribe, buy a sponsored post through
 * the test checkout); the back office says it needs them, Escape
 * closes the phone menu back to its button, and focused menu items and
 * cookie-banner buttons carry a ring at least 2px wide.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, seedPosts, visit, useJourney } from './harness.ts';

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

/** A dropdown of the header: the list item holding its button and, after it, its links. */
function headerMenu(page: Page, label: string): { menu: Locator; disclosure: Locator; button: Locator } {
  const menu = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('listitem')
    .filter({ has: page.locator('summary', { hasText: label }) });
  return { menu, disclosure: menu.locator('details'), button: menu.locator('summary') };
}

describe('a visitor without JavaScript', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

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

  it('reads a post from the home page', async () => {
    const { page } = visitor;
    await seedPosts(site, [{ slug: 'no-script-lantern', title: 'No Script Lantern', content: '## Why we like it\n\nIt needs no batteries.' }]);
    await visit(visitor, '/');
    await page.getByRole('main').getByRole('link', { name: 'No Script Lantern' }).first().click();
    await page.waitForURL('**/no-script-lantern');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No Script Lantern');
    expect(await page.getByRole('main').innerText()).toContain('It needs no batteries.');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
  });

  it('calculates Kickstarter fees with the form', async () => {
    const { page } = visitor;
    await visit(visitor, '/instant-kickstarter-fee-calculator');
    await page.getByLabel('Funds raised (USD)').fill('10000');
    await page.getByLabel('Number of backers').fill('100');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    // The currency is a field of the form too (Kickstarter computes in USD, EUR or GBP).
    await page.waitForURL('**/instant-kickstarter-fee-calculator?currency=USD&funds=10000&backers=100');
    const results = page.getByRole('region', { name: 'Your Kickstarter fees' });
    expect(await results.locator('dt').allTextContents()).toContain('Total fees');
    expect(await results.locator('dd').allTextContents()).toEqual(['$10,000.00', '$500.00', '$320.00', '$820.00', '$9,180.00']);
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });

    // A bad amount reaches the server, which names it and shows no result in place of the old one.
    await page.getByLabel('Funds raised (USD)').fill('-5');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await page.waitForURL('**/instant-kickstarter-fee-calculator?currency=USD&funds=-5&backers=100');
    expect(await results.count()).toBe(0);
    expect(await page.getByRole('alert').allInnerTexts()).toContain('Enter the funds raised as an amount above zero, such as 10000 or 2500.50.');
  });

  it('sends a contact message and sees Message sent!', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Noscript Nora');
    await page.getByLabel('Email').fill('nora@example.com');
    await page.getByLabel('Message').fill('Sent from a browser with scripts turned off.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent!').waitFor();
    expect(await page.getByRole('main').innerText()).toContain("We'll get back to you as soon as possible.");
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    const stored = await site.admin<{ submissions: { email: string; message: string }[] }>('GET', '/admin/submissions/contact');
    expect(stored.body.submissions).toEqual([
      expect.objectContaining({ email: 'nora@example.com', message: 'Sent from a browser with scripts turned off.' }),
    ]);
  });

  it('is told what is wrong with a contact message, by the server', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Noscript Ned');
    await page.getByLabel('Email').fill('ned.example.com');
    await page.getByLabel('Message').fill('No at sign.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#contact-email-error').waitFor();
    expect(await page.locator('#contact-email-error').textContent()).toBe('Email must contain an @ symbol');
    expect(await page.getByLabel('Message').inputValue()).toBe('No at sign.');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
  });

  it('subscribes to the newsletter and sees Successfully subscribed!', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const newsletter = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    // Refused by the server first, the address kept for correcting.
    await newsletter.getByLabel('Email address').fill('noscript-reader@localhost');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Email must contain a domain (e.g., example.com)').first().waitFor();
    expect(await newsletter.getByLabel('Email address').inputValue()).toBe('noscript-reader@localhost');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });

    await newsletter.getByLabel('Email address').fill('noscript-reader@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Successfully subscribed!').waitFor();
    expect(await newsletter.innerText()).toContain("You'll receive our latest updates.");
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    const stored = await site.admin<{ subscribers: { email: string }[] }>('GET', '/admin/submissions/newsletter');
    expect(stored.body.subscribers.map((subscriber) => subscriber.email)).toEqual(['noscript-reader@example.com']);
  });

  it('buys a sponsored post through the test checkout and sees Payment confirmed', async () => {
    const { page } = visitor;
    await visit(visitor, '/submit-your-project-for-a-sponsored-post');
    await page.getByLabel('Project name').fill('Quiet Loom');
    await page.getByLabel('Project URL').fill('https://www.kickstarter.com/projects/quiet-loom');
    await page.getByLabel('Contact name').fill('Noscript Nell');
    await page.getByLabel('Contact email').fill('nell@example.com');
    await page.getByLabel('I accept the Terms of Service').check();
    await page.getByRole('button', { name: 'Submit and pay $75' }).click();
    await page.waitForURL(/\/checkout\/test\/cs_local_[0-9a-f]+$/);
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL('**/payment/success?session_id=*');
    await page.getByRole('heading', { name: 'Payment confirmed', exact: true }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('Your sponsored post will be live within 3-5 days.');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    const stored = await site.admin<{ submissions: { contact_email: string; payment_status: string | null }[] }>(
      'GET',
      '/admin/submissions/sponsored?status=new',
    );
    expect(stored.body.submissions).toEqual([expect.objectContaining({ contact_email: 'nell@example.com', payment_status: 'completed' })]);
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
    expect(await projects.disclosure.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All Projects');
    expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);

    // Escape closes it and hands the focus back to its button.
    await page.keyboard.press('Escape');
    expect(await projects.disclosure.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Projects');

    await projects.button.click();
    await projects.menu.getByRole('link', { name: 'Technology' }).click();
    await page.waitForURL('**/category/technology');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Technology');
    // A followed link closes the menu.
    expect(await projects.disclosure.getAttribute('open')).toBeNull();
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
    const mobileNav = page.getByRole('navigation', { name: 'Main' });
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
