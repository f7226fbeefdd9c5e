/**
 * The back office's lists and dashboard: searching a list (the text kept in
 * the address), every list on a phone without sideways scrolling, the
 * revenue chart and recent activity, and the way back to the public site.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, seedPosts, toastText, useJourney, type Site } from './harness.ts';

let ipCounter = 0;
/** A public form post, each from its own address so no rate limit is reached. */
async function postPublic(site: Site, path: string, body: unknown): Promise<Record<string, unknown>> {
  ipCounter += 1;
  const response = await fetch(`${site.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.0.${ipCounter}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Whether anything on the page is wider than the window (it would scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll<HTMLElement>('[data-slot="table-container"]')];
    // The widest elements past the right edge, to name in a failure.
    const past = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return {
      page: root.scrollWidth - root.clientWidth,
      past,
      tables: tables.map((table) => table.scrollWidth - table.clientWidth),
    };
  });

describe('the back office lists and dashboard', () => {
  const { site, visitor: admin } = useJourney({ env: { TRUST_PROXY: 'true' } });

  it('shows the revenue of the last 12 weeks and the recent activity on the dashboard, and leads back to the site', async () => {
    const { page } = admin;
    await signIn(page);
    expect(await toastText(page, 'Welcome back!')).toContain("You've successfully signed in.");
    await seedPosts(site, [
      { slug: 'solar-backpack-lists', title: 'Solar Backpack Review' },
      { slug: 'tabletop-saga-lists', title: 'Tabletop Saga Preview' },
    ]);
    await postPublic(site, '/submissions/contact', { name: 'Ada Lovelace', email: 'ada@example.com', message: 'About my engine' });
    const checkout = await postPublic(site, '/payments/create-checkout', {
      project_name: 'Paid Lantern',
      project_url: 'https://example.com/paid-lantern',
      contact_name: 'Grace',
      contact_email: 'grace@example.com',
      terms_accepted: true,
    });
    const checkoutUrl = new URL(String(checkout.checkout_url));
    await page.goto(`${checkoutUrl.pathname}${checkoutUrl.search}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.getByRole('heading', { name: 'Payment confirmed', exact: true }).waitFor();

    await openAdmin(page, '/admin', 'Dashboard');
    const chart = page.getByTestId('revenue-chart');
    await chart.getByRole('heading', { name: 'Sponsored post revenue' }).waitFor();
    expect(await chart.getByTestId('revenue-bar').count()).toBe(12);
    expect(await chart.innerText()).toMatch(/\$75\.00 from 1 payment in the last 12 weeks \(test mode/);
    expect(await chart.innerText()).toContain('Best week: $75.00, the full bar.');
    // The numbers behind the bars, for screen readers: a row per week, this week's payment in the last.
    const rows = chart.locator('table tbody tr');
    expect(await rows.count()).toBe(12);
    expect(await rows.last().locator('td').first().textContent()).toBe('$75.00');
    expect(await rows.first().locator('td').first().textContent()).toBe('$0.00');
    // This week's bar is the tallest, the others hairlines.
    const heights = await chart.getByTestId('revenue-bar').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
    expect(heights.at(-1)).toBeGreaterThan(100);
    expect(Math.max(...heights.slice(0, -1))).toBeLessThanOrEqual(3);

    const activity = page.getByTestId('recent-activity');
    const lines = await activity.getByRole('listitem').allInnerTexts();
    expect(lines.length).toBeLessThanOrEqual(10);
    // Newest first: the payment is of the newest second, which other events may share in any order.
    const paid = activity.getByRole('listitem').filter({ hasText: 'Sponsored post paid: Paid Lantern' });
    expect(await paid.locator('time').getAttribute('datetime')).toBe(await activity.locator('time').first().getAttribute('datetime'));
    expect(lines.join('\n')).toContain('Message from Ada Lovelace');
    expect(lines.join('\n')).toContain('Post created: Solar Backpack Review');
    await expectNoSeriousA11yViolations(page);

    await activity.getByRole('link', { name: 'Message from Ada Lovelace' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Messages' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Ada Lovelace');

    await page.getByRole('link', { name: 'View the site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
  });

  it('searches a list as one types, keeps the search in the address, and combines it with the filters', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts', 'Posts');
    const titles = () => page.locator('tbody tr td:first-child').allInnerTexts();
    expect(await titles()).toEqual(expect.arrayContaining(['Solar Backpack Review', 'Tabletop Saga Preview']));

    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill('SOLAR');
    await page.waitForURL((url) => url.searchParams.get('q') === 'SOLAR');
    await expect.poll(titles).toEqual(['Solar Backpack Review']);
    // The list changed under the box: a polite live region says how many rows the search found.
    const found = page.getByRole('search', { name: 'Search posts' }).locator('[aria-live="polite"]');
    await expect.poll(() => found.textContent()).toBe('1 result');
    // Typing goes on in the box while the list follows.
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // A filter keeps the search.
    await page.getByRole('navigation', { name: 'Filter posts' }).getByRole('link', { name: 'Drafts' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'draft' && url.searchParams.get('q') === 'SOLAR');
    await page.getByText('No posts match “SOLAR”').waitFor();
    expect(await search.inputValue()).toBe('SOLAR');

    // Reloading the address gives the same list; Enter searches at once.
    await page.goto('/admin/posts?q=tabletop', { waitUntil: 'networkidle' });
    await expect.poll(titles).toEqual(['Tabletop Saga Preview']);
    await search.fill('no such post');
    await search.press('Enter');
    await page.getByText('No posts match “no such post”').waitFor();
    expect(await found.textContent()).toBe('No results');
    await search.fill('');
    await search.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(async () => (await titles()).length).toBeGreaterThanOrEqual(2);

    await openAdmin(page, '/admin/contacts', 'Contact Messages');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('nobody like this');
    await page.getByText('No new messages match “nobody like this”').waitFor();
  });

  it('shows every list as cards on a phone, with nothing scrolling sideways', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, heading] of [
        ['/admin/posts', 'Posts'],
        ['/admin/resources', 'Resources'],
        ['/admin/contacts', 'Contact Messages'],
        ['/admin/submissions?view=to_review', 'Sponsored Posts'],
        ['/admin/newsletter', /Newsletter Subscribers/],
        ['/admin/staff', 'Staff'],
        ['/admin/audit-log', 'Audit Log'],
        ['/admin', 'Dashboard'],
      ] as const) {
        await openAdmin(page, path, heading);
        const widths = await overflow(page);
        expect(widths.page, `${path} scrolls sideways: ${widths.past.join(' | ')}`).toBeLessThanOrEqual(0);
        for (const table of widths.tables) expect(table, `a table of ${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }

      // Each row is a card: the cell shows its column's name beside its value.
      await openAdmin(page, '/admin/posts', 'Posts');
      const cell = page.locator('tbody tr').first().locator('td').first();
      expect(await cell.getAttribute('data-label')).toBe('Title');
      const label = await cell.evaluate((element) => getComputedStyle(element, '::before').content);
      expect(label).toBe('"Title"');
      expect(await page.locator('thead').evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
      await expectNoSeriousA11yViolations(page);
      // The way back to the site is in the phone's header, without opening the menu.
      expect(await page.getByRole('banner').getByRole('link', { name: 'View the site' }).isVisible()).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    // From 640px up, a table again.
    await openAdmin(page, '/admin/posts', 'Posts');
    expect(await page.locator('thead').evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(20);
    expect(await page.locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
  });
});
