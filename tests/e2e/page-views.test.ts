/**
 * Cookie-free counting in real Chromium: one beacon per page viewed, the
 * first page and a client-side navigation alike, the navigation's referrer
 * the page before; counted in the roll-ups; nothing stored in the browser
 * for it; a member of staff signed in to the back office not counted; and
 * the numbers on the audience numbers screen and in the post editor, for those
 * who may read them only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PostPage } from '../../common/answers.ts';
import { openAdmin, signIn } from './admin-journey.ts';
import { addStaff, DESKTOP_CHROME, expectNoSeriousA11yViolations, rejectCookies, seedPosts, useJourney } from './harness.ts';

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


const EDITOR = { email: 'counted-editor@example.com', password: 'an editor passphrase 42' };

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

  it("shows the owner a live post's audience in its editor and on the audience numbers screen, and an editor neither the panel nor a request for it", async () => {
    await seedPosts(site, [{ slug: 'counted-kite', title: 'Counted Kite' }]);
    const posts = await site.admin<PostPage>('GET', '/admin/posts?limit=100');
    const post = posts.body.posts.find((item) => item.slug === 'counted-kite');
    if (!post) throw new Error('the post was not created');
    // The country is told by the browser's time zone, and only approximately.
    const reader = await openVisit({ userAgent: DESKTOP_CHROME, timezoneId: 'Europe/Berlin' });
    await reader.page.goto(`/${post.slug}`, { waitUntil: 'networkidle' });
    await expect.poll(() => site.pageViews(`/${post.slug}`), FLUSHED).toBe(1);

    const owner = await openVisit();
    await signIn(owner.page);
    await openAdmin(owner.page, `/admin/posts/${post.id}`, 'Edit Post');
    const panel = owner.page.getByRole('region', { name: 'Audience (30 days)' });
    await panel.getByText(/views,/).waitFor();
    expect((await panel.innerText()).replace(/\s+/g, ' ')).toContain('1 views, 1 visitors');
    await expectNoSeriousA11yViolations(owner.page);

    // The full screen for that post, then for the whole site, with the honest label and a named country.
    await panel.getByRole('link', { name: 'See all audience numbers of this post' }).click();
    await owner.page.getByRole('heading', { level: 1, name: `Audience numbers of /${post.slug}` }).waitFor();
    await owner.page.getByRole('heading', { level: 2, name: '1 views, 1 visitors' }).waitFor();
    await expectNoSeriousA11yViolations(owner.page);
    await openAdmin(owner.page, '/admin/analytics?days=7', 'Audience numbers');
    const screen = owner.page.getByRole('main');
    expect(await screen.innerText()).toContain('Note: visitors are counted per day; totals over several days add daily visitors.');
    const countries = owner.page.getByRole('table').filter({ has: owner.page.getByRole('columnheader', { name: 'Country' }) });
    expect(await countries.getByRole('row', { name: /Germany/ }).count()).toBe(1);
    const pages = owner.page.getByRole('table').filter({ has: owner.page.getByRole('columnheader', { name: 'Page' }) });
    expect(await pages.getByRole('row', { name: new RegExp(`/${post.slug}`) }).count()).toBe(1);
    expect(await owner.page.getByRole('link', { name: 'Download the days and pages as CSV' }).getAttribute('href')).toContain(encodeURIComponent(`/${post.slug}`));
    await expectNoSeriousA11yViolations(owner.page);

    await addStaff(site, { ...EDITOR, name: 'Eddie Editor', role: 'editor' });
    const editor = await openVisit();
    const asked: string[] = [];
    editor.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/analytics')) asked.push(request.url());
    });
    await signIn(editor.page, EDITOR);
    await openAdmin(editor.page, `/admin/posts/${post.id}`, 'Edit Post');
    await editor.page.getByLabel('Title', { exact: true }).waitFor();
    expect(await editor.page.getByRole('region', { name: 'Audience (30 days)' }).count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
