/**
 * Cookie-free counting in real Chromium: one beacon per page viewed, the
 * first page and a client-side navigation alike, the navigation's referrer
 * the page before; counted in the roll-ups; nothing stored in the browser
 * for it; and a member of staff signed in to the back office not counted.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './admin-journey.ts';
import { DESKTOP_CHROME, expectNoSeriousA11yViolations, rejectCookies, useJourney } from './harness.ts';

interface SentBeacon {
  path: string;
  referrer: string;
  tz: string;
}

/** The page-view beacons the page sends, as they leave it. */
function watchBeacons(page: Page): SentBeacon[] {
  const sent: SentBeacon[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events' && request.method() === 'POST') sent.push(JSON.parse(request.postData() ?? '{}') as SentBeacon);
  });
  return sent;
}


/** A flush is due within 5 seconds; the poll allows for a busy machine. */
const FLUSHED = { timeout: 20_000, interval: 250 };

describe('page views in the browser', () => {
  const { site, openVisit } = useJourney({ visit: false });

  it('sends one beacon per view, client-side navigations included, and they are counted', async () => {
    const { page, context } = await openVisit({ userAgent: DESKTOP_CHROME });
    const beacons = watchBeacons(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await rejectCookies(page);
    await expect.poll(() => beacons.length).toBe(1);
    expect(beacons[0]).toMatchObject({ path: '/', referrer: '' });
    expect(beacons[0]?.tz).not.toBe('');

    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Resources' }).first().click();
    await page.waitForURL('**/resources');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    expect(beacons).toHaveLength(2);
    expect(beacons[1]).toMatchObject({ path: '/resources', referrer: `${site.baseUrl}/` });

    await expect.poll(() => site.pageViews('/resources'), FLUSHED).toBe(1);
    expect(site.pageViews('/')).toBe(1);
    // The consent choice is the only cookie, and counting keeps nothing in the page's storage.
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['cc_cookie']);
    expect(await page.evaluate(() => [window.localStorage.length, window.sessionStorage.length])).toEqual([0, 0]);
  });

  it('does not count a member of staff signed in to the back office', async () => {
    const staff = await openVisit({ userAgent: DESKTOP_CHROME });
    await signIn(staff.page);
    const staffBeacons = watchBeacons(staff.page);
    await staff.page.goto('/ending-soon', { waitUntil: 'networkidle' });
    await expect.poll(() => staffBeacons.length).toBe(1);

    // A reader's view after the staff one: once it is written, the staff view would have been too.
    const reader = await openVisit({ userAgent: DESKTOP_CHROME });
    const readerBeacons = watchBeacons(reader.page);
    await reader.page.goto('/ending-soon', { waitUntil: 'networkidle' });
    await expect.poll(() => readerBeacons.length).toBe(1);
    await expect.poll(() => site.pageViews('/ending-soon'), FLUSHED).toBe(1);
  });
});
