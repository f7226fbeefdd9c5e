/**
 * The back office shows private data, so no other origin may see it: with
 * analytics configured and accepted on the public site, no back-office
 * screen requests anything from another origin, whether it is opened
 * directly or reached from a public page in the same document. And the
 * audit log screen: its filters in the address, its table, its empty state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectNoSeriousA11yViolations, GA_MEASUREMENT_ID, useJourney, visit } from './harness.ts';
import { openAdmin, signIn } from './admin-journey.ts';

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every screen of the back office frame (sign-in and /admin/*), read from
 * the route table so a screen added later is covered too. An `:id` is
 * opened as `new`, the way the editors are reached.
 */
function backOfficePaths(): string[] {
  const shell = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/admin/shell.tsx');
  if (!shell) throw new Error('the back office frame is missing from app/routes.ts');
  const paths: string[] = [];
  const walk = (entries: RouteEntry[] | undefined, parent: string) => {
    for (const entry of entries ?? []) {
      const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
      if (entry.index || entry.path) paths.push(`/${own}`.replace(/:id\b/, 'new'));
      walk(entry.children, own);
    }
  };
  walk(shell.children, '');
  // A parameter other than `:id` (a token) has no page of its own to open.
  return paths.filter((path) => !path.includes(':'));
}

const BACK_OFFICE = /^\/(admin|auth)(\/|$)/;

describe('the back office and other origins', () => {
  const { site, openVisit } = useJourney({ visit: false });

  /** Every request the page makes to another origin while a back-office screen is shown. */
  function watchForeignRequests(page: Page): string[] {
    const siteOrigin = new URL(site.baseUrl).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const shown = new URL(page.url());
      if (new URL(request.url()).origin !== siteOrigin && BACK_OFFICE.test(shown.pathname)) {
        foreign.push(`${request.url()} (on ${shown.pathname})`);
      }
    });
    return foreign;
  }

  it('requests nothing from another origin on any back-office screen, even with analytics accepted', async () => {
    const visitor = await openVisit();
    const { page } = visitor;
    page.setDefaultTimeout(20_000);
    const foreign = watchForeignRequests(page);

    // Consent given on the public site, and the tag loads there: analytics is on.
    await visit(visitor, '/');
    await page.getByRole('dialog', { name: 'We value your privacy' }).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => visitor.analyticsRequests.length).toBe(1);

    await signIn(page);
    const screens = backOfficePaths();
    expect(screens).toEqual(expect.arrayContaining(['/auth', '/admin', '/admin/posts', '/admin/posts/new', '/admin/audit-log']));
    for (const path of screens) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
    }
    expect(foreign).toEqual([]);

    // Now through one document: signing out lands on the public home page,
    // where the stored consent loads the tag again…
    await openAdmin(page, '/admin/audit-log', 'Audit Log');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => visitor.analyticsRequests.length).toBe(2);
    // …and Back returns to the back office without a new document: sign in
    // there and walk its sections by their links.
    await page.goBack();
    // Signed out: the back office sends the page on to its sign-in form.
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sections = page.getByRole('navigation').first().getByRole('link');
    const labels = await sections.allInnerTexts();
    expect(labels.length).toBeGreaterThan(3);
    for (const label of labels) {
      await page.getByRole('navigation').first().getByRole('link', { name: label.trim(), exact: true }).click();
      await page.waitForLoadState('networkidle');
    }
    // The tag is still in this document, switched off for as long as the back office shows.
    expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], GA_MEASUREMENT_ID)).toBe(true);
    expect(foreign).toEqual([]);
    expect(visitor.pageErrors).toEqual([]);
  }, 240_000);

  it('shows the audit log with its filters in the address', async () => {
    const visitor = await openVisit();
    const { page } = visitor;
    const subject = `Audited issue ${Date.now()}`;
    const created = await site.admin<{ id: number }>('POST', '/admin/newsletters', { subject });
    expect(created.status).toBe(201);
    const post = await site.admin<{ id: number }>('POST', '/admin/posts', {
      title: 'An audited draft',
      slug: `audited-draft-${Date.now()}`,
      excerpt: 'A draft made to be seen in the audit log.',
      content: 'Nothing to read yet.',
      status: 'draft',
      read_time: 1,
      category_ids: ['tech'],
    });
    expect(post.status).toBe(201);

    await signIn(page);
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'newsletter.create' }).waitFor();
    await expect.poll(() => table.getByRole('cell', { name: `post #${post.body.id}` }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: ADMIN_EMAIL }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // A family of actions: the filter goes into the address and only posts remain.
    await page.getByLabel('Action').fill('newsletter.');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'newsletter.');
    await expect.poll(() => table.getByRole('cell', { name: `post #${post.body.id}` }).count()).toBe(0);
    expect(await table.getByRole('cell', { name: `newsletter #${created.body.id}` }).count()).toBe(1);
    expect(await page.getByLabel('Action').inputValue()).toBe('newsletter.');

    // Opened from its address, the same filters show; nothing matches a future day.
    await page.goto('/admin/audit-log?action=newsletter.&from=2099-01-01', { waitUntil: 'networkidle' });
    await page.getByText('No entries match these filters').waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe('2099-01-01');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await table.getByRole('cell', { name: 'post.create' }).first().waitFor();
    expect(visitor.pageErrors).toEqual([]);
  });
});
