import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_HOST, expectNoSeriousA11yViolations, GA_MEASUREMENT_ID, visit, useJourney } from './harness.ts';

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

describe('cookie consent without an analytics id configured', () => {
  const { openVisit } = useJourney({ env: { GA_MEASUREMENT_ID: '' }, visit: false });

  it('never loads any analytics, even when accepted', async () => {
    const visitor = await openVisit();
    try {
      await visit(visitor, '/');
      await banner(visitor.page).getByRole('button', { name: 'Accept all' }).click();
      await expect.poll(() => consentCookie(visitor.context)).toEqual({
        categories: ['necessary', 'analytics'],
        daysLeft: 365,
      });
      await visitor.page.waitForTimeout(500);
      expect(visitor.analyticsRequests).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
