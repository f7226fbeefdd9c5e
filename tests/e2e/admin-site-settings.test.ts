/**
 * The owner renames the site on /admin/settings and the public pages and
 * the back office's titles use the new name at once.
 */
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

describe('the site settings screen', () => {
  const { visitor } = useJourney();

  it('renames the site, and the home page shows the new name', async () => {
    const { page } = visitor;
    await signIn(page);
    await openAdmin(page, '/admin/settings', 'Settings');
    await page.getByRole('heading', { name: 'Site' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A refused value is shown beside its field.
    const name = page.getByLabel('Site name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await page.getByText('Site name is required').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('Backer Digest');
    await page.getByLabel('Tagline').fill('Campaigns we would back ourselves.');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    expect(await toastText(page, 'Settings saved')).toContain('Settings saved');

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByText('Backer Digest').waitFor();
    expect(await page.title()).toBe('Backer Digest: reviewed crowdfunding projects');
    expect(await page.getByRole('contentinfo').getByText('Campaigns we would back ourselves.').isVisible()).toBe(true);

    // The back office's own titles carry the new name too.
    await openAdmin(page, '/admin/posts', 'Posts');
    await page.waitForFunction(() => document.title === 'Posts | Admin | Backer Digest');
  });
});
