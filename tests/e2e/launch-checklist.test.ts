/**
 * The launch checklist on a fresh install with its demo content (decision
 * 083): the owner sees what stands between the site and a public launch,
 * each item a link to where it is fixed, and an item goes once it is done;
 * an administrator sees no list.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from './admin-journey.ts';
import { addStaff, expectNoSeriousA11yViolations, useJourney } from './harness.ts';

const COLLEAGUE = { email: 'launch.admin@example.com', password: 'a colleague passphrase for e2e', name: 'Ada Admin', role: 'admin' as const };

describe('the launch checklist', () => {
  const { site, visitor: owner, openVisit } = useJourney({ env: { SEED_DEMO: 'true' } });

  it('shows the owner every open item, each linking to where it is fixed', async () => {
    const { page } = owner;
    await signIn(page);
    const checklist = page.getByRole('region', { name: 'Before you launch' });
    await checklist.waitFor();
    const items = checklist.getByRole('listitem');
    expect(await items.count()).toBe(7);
    const links = Object.fromEntries(
      await Promise.all(
        (await items.all()).map(async (item) => [await item.locator('p').first().innerText(), await item.getByRole('link').getAttribute('href')] as const),
      ),
    );
    expect(links).toEqual({
      'Finish the legal pages': '/admin/settings#site-terms_md',
      'Set the public address': '/admin/settings#server-public-url',
      'Connect a mail server': '/admin/settings#server-smtp-url',
      'Take real payments': '/admin/settings#server-payments',
      'Remove the demo content': '/admin/posts',
      'Add your social profiles': '/admin/settings#site-social-x',
      'Add your name': '/admin/account#profile_name',
    });
    await expectNoSeriousA11yViolations(page);

    // A server item leads to the setting it names, explained.
    await checklist.getByRole('link', { name: 'How to set SMTP_URL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.locator('#server-smtp-url').innerText()).toContain('SMTP_URL');
    expect(await page.locator('#site-terms_md').count()).toBe(1);
    expect(await page.locator('#site-social-x').count()).toBe(1);
  });

  it('drops an item once it is done', async () => {
    const { page } = owner;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const checklist = page.getByRole('region', { name: 'Before you launch' });
    await checklist.getByRole('link', { name: 'Open your account' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/account');
    const name = page.locator('#profile_name');
    await name.waitFor();
    await name.fill('Olive Owner');
    await page.getByRole('button', { name: 'Save your details' }).click();
    await page.getByText('Your details are saved.').waitFor();

    await page.goto('/admin', { waitUntil: 'networkidle' });
    await checklist.waitFor();
    expect(await checklist.getByText('Add your name').count()).toBe(0);
    expect(await checklist.getByRole('listitem').count()).toBe(6);
  });

  it('is not shown to an administrator', async () => {
    await addStaff(site, COLLEAGUE);
    const { page } = await openVisit();
    await signIn(page, COLLEAGUE);
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    expect(await page.getByRole('region', { name: 'Before you launch' }).count()).toBe(0);
  });

  it('raised no error in the page along the way', () => {
    expect(owner.pageErrors).toEqual([]);
  });
});
