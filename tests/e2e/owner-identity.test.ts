/**
 * Issue 24's "Done when": on a first start with the demo content and the
 * default owner, the owner renames the site and changes their address, and
 * no page or mail keeps the old name or the placeholder address. Then the
 * demo content is marked, and the owner removes exactly it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, expectNoSeriousA11yViolations, useJourney } from './harness.ts';

const OLD_NAME = 'Crowdfunding Showcase';
const PLACEHOLDER = 'admin@example.com';
const NEW_NAME = 'Backer Digest';
const NEW_ADDRESS = 'ada@backerdigest.example.org';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The page's whole document, markup and head included, as served and drawn. */
async function expectNoOldIdentity(page: Page, where: string): Promise<void> {
  const html = await page.content();
  expect(html, where).not.toContain(OLD_NAME);
  expect(html, where).not.toContain(PLACEHOLDER);
  expect(html, where).not.toContain('Admin Panel');
}

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/auth', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

describe('the owner makes the site theirs', () => {
  // The try-it start: demo content and the default owner's address.
  const { site, visitor, openVisit } = useJourney({ env: { SEED_DEMO: 'true', ADMIN_EMAIL: PLACEHOLDER } });

  it('renames the site and changes their address, and no page or mail keeps the old name or address', async () => {
    const { page } = visitor;
    await page.goto('/auth', { waitUntil: 'networkidle' });
    // Before the rename, the sign-in page is titled with the site's name, not SPEC.md's 'Admin Panel'.
    await page.getByRole('heading', { level: 1, name: OLD_NAME }).waitFor();
    await signInAs(page, PLACEHOLDER);

    await page.goto('/admin/settings', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByLabel('Site name').fill(NEW_NAME);
    await page.getByRole('button', { name: 'Save site settings' }).click();
    // The sidebar's title follows the save.
    await page.getByRole('complementary').getByText(NEW_NAME, { exact: true }).waitFor();

    await page.goto('/admin/account', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Name').fill('Ada Owner');
    await details.getByLabel('Email').fill(NEW_ADDRESS);
    await details.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await details.getByRole('button', { name: 'Save your details' }).click();
    // No mail server: changed at once, and the page says so, in place.
    const outcome = page.getByRole('status').filter({ hasText: `Your address is now ${NEW_ADDRESS}.` });
    await outcome.waitFor();
    expect(await outcome.innerText()).toContain('No mail server is set up');
    await expectNoSeriousA11yViolations(page);
    // The sidebar follows.
    await page.getByRole('complementary').getByText(NEW_ADDRESS).waitFor();

    // A sign-in from another browser: the alert goes to the new address, in the new name.
    const elsewhere = await openVisit({ userAgent: FIREFOX });
    await signInAs(elsewhere.page, NEW_ADDRESS);
    await expect.poll(() => site.mailsTo(NEW_ADDRESS).length).toBeGreaterThan(0);
    const [alert] = site.mailsTo(NEW_ADDRESS);
    expect(alert?.subject).toBe(`New sign-in to ${NEW_NAME}`);
    expect(`${alert?.subject}\n${alert?.text_body}`).not.toContain(OLD_NAME);
    expect(alert?.text_body).toContain(NEW_ADDRESS);
    // The address left behind only gets the notice of the change, in the new name, the new address masked.
    const [notice, ...more] = site.mailsTo(PLACEHOLDER);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe(`Your sign-in address for ${NEW_NAME} was changed`);
    expect(notice?.text_body).toContain(`was changed from ${PLACEHOLDER} to a***@backerdigest.example.org on `);
    expect(notice?.text_body).not.toContain(NEW_ADDRESS);
    expect(notice?.text_body).not.toContain(OLD_NAME);

    // The back office.
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.title()).toBe(`Dashboard | Admin | ${NEW_NAME}`);
    await expectNoOldIdentity(page, 'the back office');

    // The public pages, a post among them.
    const publicVisit = await openVisit();
    for (const path of ['/', '/solar-backpack-that-charges-your-laptop', '/submit-your-project-for-a-sponsored-post']) {
      await publicVisit.page.goto(path, { waitUntil: 'networkidle' });
      await expectNoOldIdentity(publicVisit.page, path);
      expect(await publicVisit.page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('title'), path).toBe(NEW_NAME);
    }
    await publicVisit.page.goto('/', { waitUntil: 'networkidle' });
    expect(await publicVisit.page.title()).toBe(`${NEW_NAME}: reviewed crowdfunding projects`);

    // The sign-in page, signed out.
    await publicVisit.page.goto('/auth', { waitUntil: 'networkidle' });
    await publicVisit.page.getByRole('heading', { level: 1, name: NEW_NAME }).waitFor();
    await expectNoOldIdentity(publicVisit.page, '/auth');

    // The feed.
    const feed = await (await fetch(`${site.baseUrl}/rss.xml`)).text();
    expect(feed).toContain(`<title>${NEW_NAME}</title>`);
    expect(feed).not.toContain(OLD_NAME);
    expect(feed).not.toContain(PLACEHOLDER);
  });

  it('marks the demo content, and the owner removes exactly it after a confirmation', async () => {
    const { page } = visitor;
    await page.goto('/admin/posts', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    const banner = page.getByTestId('demo-content-banner');
    await banner.getByText('7 posts and 3 resources').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Demo: A Solar Backpack' }).getByText('Demo', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole('button', { name: 'Remove demo content' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('posts and resources you made stay').waitFor();
    await dialog.getByRole('button', { name: 'Remove demo content' }).click();
    await page.getByRole('status').filter({ hasText: 'Demo content removed: 7 posts and 3 resources.' }).waitFor();
    await page.getByText('No posts yet. Create your first one!').waitFor();

    const home = await openVisit();
    await home.page.goto('/', { waitUntil: 'networkidle' });
    await home.page.getByText('No projects found. Check back soon!').waitFor();
  });
});
