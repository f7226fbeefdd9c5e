import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_HOST, expectNoSeriousA11yViolations, GA_MEASUREMENT_ID, visit, useJourney } from './harness.ts';

/** A phone in portrait (an iPhone 12 to 15's CSS size). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

const DAY_MS = 86_400_000;

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cc_cookie');
  if (!cookie) return null;
  const value = JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[] };
  return { categories: value.categories, daysLeft: Math.round((cookie.expires * 1000 - Date.now()) / DAY_MS) };
}

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name).sort();

const banner = (page: Page) => page.getByRole('dialog', { name: 'We value your privacy' });

describe('cookie consent', () => {
  const { site, openVisit } = useJourney({ visit: false });

  it('asks first, loads no analytics before a choice, and none after Reject all, clearing _ga and _gid', async () => {
    const visitor = await openVisit();
    try {
      const { context, page } = visitor;
      const host = new URL(site.baseUrl).hostname;
      await context.addCookies([
        { name: '_ga', value: 'GA1.1.old', domain: host, path: '/' },
        { name: '_gid', value: 'GA1.1.old', domain: host, path: '/' },
      ]);
      await visit(visitor, '/');
      await banner(page).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.waitForTimeout(500);
      expect(visitor.analyticsRequests).toEqual([]);
      expect(await consentCookie(context)).toBeNull();

      await banner(page).getByRole('button', { name: 'Reject all' }).click();
      await banner(page).waitFor({ state: 'hidden' });
      await expect.poll(() => consentCookie(context)).toEqual({ categories: ['necessary'], daysLeft: 365 });
      await expect.poll(() => cookieNames(context)).toEqual(['cc_cookie']);

      await page.reload({ waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      expect(await banner(page).isVisible()).toBe(false);
      expect(visitor.analyticsRequests).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('loads the analytics tag once the visitor accepts, and remembers the choice for 365 days', async () => {
    const visitor = await openVisit();
    try {
      const { context, page } = visitor;
      await visit(visitor, '/resources');
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await expect.poll(() => visitor.analyticsRequests).toEqual([
        `https://${ANALYTICS_HOST}/gtag/js?id=${GA_MEASUREMENT_ID}`,
      ]);
      await expect.poll(() => consentCookie(context)).toEqual({ categories: ['necessary', 'analytics'], daysLeft: 365 });

      // The next page view applies the stored choice without asking again.
      await page.goto('/contact-us', { waitUntil: 'networkidle' });
      await expect.poll(() => visitor.analyticsRequests.length).toBe(2);
      expect(await banner(page).isVisible()).toBe(false);
    } finally {
      await visitor.context.close();
    }
  });

  it('reopens the preferences from the footer, where analytics can be turned off again', async () => {
    const visitor = await openVisit();
    try {
      const { context, page } = visitor;
      await visit(visitor, '/');
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await expect.poll(() => consentCookie(context)).toEqual({ categories: ['necessary', 'analytics'], daysLeft: 365 });
      const host = new URL(site.baseUrl).hostname;
      await context.addCookies([{ name: '_ga', value: 'GA1.1.set-by-tag', domain: host, path: '/' }]);

      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
      const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
      await preferences.waitFor();
      await expectNoSeriousA11yViolations(page);
      await preferences.getByRole('button', { name: 'Reject all' }).click();
      await expect.poll(() => consentCookie(context)).toEqual({ categories: ['necessary'], daysLeft: 365 });
      await expect.poll(() => cookieNames(context)).toEqual(['cc_cookie']);
    } finally {
      await visitor.context.close();
    }
  });
});

/** Where an element is drawn in the window, in CSS pixels. */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return { top: box.y, bottom: box.y + box.height, left: box.x, right: box.x + box.width };
};
/** Whether two drawn boxes share any area. */
const overlap = (a: Awaited<ReturnType<typeof boxOf>>, b: Awaited<ReturnType<typeof boxOf>>) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

describe('the cookie banner on a phone', () => {
  const { site, openVisit } = useJourney({ visit: false });

  it('is a bar along the bottom that leaves the fact box\'s lead and a calculator result uncovered', async () => {
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const created = await site.admin('POST', '/admin/posts', {
      title: 'Folding Kayak',
      slug: 'folding-kayak',
      excerpt: 'A kayak that folds into a backpack.',
      content: '## About Folding Kayak\n\nA careful review of the campaign.',
      cover_image: '/images/demo/solar-backpack.webp',
      campaign_url: 'https://www.kickstarter.com/projects/maker/folding-kayak',
      status: 'published',
      read_time: 4,
      published_at: now - day,
      category_ids: ['tech'],
      campaign: { platform: 'kickstarter', currency: 'USD', state: 'live', goal: 10_000, pledged: 8_700, backers: 93, launched_at: now - 20 * day, ends_at: now + 12 * day },
    });
    expect(created.status).toBe(201);

    const visitor = await openVisit(PHONE);
    try {
      const { page } = visitor;
      await visit(visitor, '/folding-kayak');
      const bar = await boxOf(banner(page));
      // Full width, flush with the bottom of the window, and low: not a card over the page.
      expect(bar).toMatchObject({ left: 0, right: 390, bottom: 844 });
      expect(bar.bottom - bar.top).toBeLessThan(844 / 4);
      // The fact box is the post's hero, taller than a phone's first screen leaves: its lead (the bar and the amount pledged) stays uncovered.
      const facts = page.getByRole('region', { name: 'Kickstarter campaign' });
      expect(overlap(await boxOf(facts.getByRole('progressbar', { name: 'Funded' })), bar)).toBe(false);
      expect(overlap(await boxOf(facts.locator('.campaign-figure').first()), bar)).toBe(false);

      await visit(visitor, '/instant-kickstarter-fee-calculator');
      await page.getByLabel('Funds raised (USD)').fill('10000');
      await page.getByLabel('Number of backers').fill('100');
      await page.getByRole('button', { name: 'Calculate fees' }).click();
      const result = page.getByRole('region', { name: 'Your Kickstarter fees' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your Kickstarter fees');
      expect(await banner(page).isVisible()).toBe(true);
      expect(overlap(await boxOf(result.getByRole('heading', { name: 'Your Kickstarter fees' })), await boxOf(banner(page)))).toBe(false);
      // The whole result can be read above the bar: scrolled to its end, its last line stays clear of it.
      const total = result.getByText('You receive');
      await total.scrollIntoViewIfNeeded();
      expect(overlap(await boxOf(total), await boxOf(banner(page)))).toBe(false);
      // At the end of the page the bar sits below the footer rather than over it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = page.getByRole('contentinfo');
      await expect.poll(async () => overlap(await boxOf(footer), await boxOf(banner(page)))).toBe(false);
    } finally {
      await visitor.context.close();
    }
  });
});

describe('cookie consent without an analytics id configured', () => {
  const { openVisit } = useJourney({ env: { GA_MEASUREMENT_ID: '' }, visit: false });

  it('asks nothing and offers no preferences, as no optional cookie exists, and sets no cookie', async () => {
    const visitor = await openVisit();
    try {
      const { context, page } = visitor;
      await visit(visitor, '/');
      await visit(visitor, '/resources');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('#cookie-banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await context.cookies()).toEqual([]);
      expect(visitor.analyticsRequests).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
