/**
 * The creator's private page, `/campaign-update/{token}`: with and without
 * JavaScript the sponsor sees their campaign, types the amount pledged in
 * major units and the backers, and is told their numbers are updated; the
 * post then shows them as from the creator. axe finds nothing serious.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sealerFor } from '../../server/auth/sealing.ts';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney, visit, type Site } from './harness.ts';

let counter = 0;

/** A published post with a live campaign, and its creator's link. */
async function postWithLink(site: Site) {
  counter += 1;
  const slug = `tide-lamp-${counter}`;
  const created = await site.admin<{ id: number }>('POST', '/admin/posts', {
    title: `Tide Lamp ${counter}`,
    slug,
    excerpt: 'A lamp that shows the tide.',
    content: '## About\n\nA careful review.',
    cover_image: null,
    campaign_url: 'https://www.kickstarter.com/projects/tide-lamp',
    status: 'published',
    read_time: 4,
    published_at: Math.floor(Date.now() / 1000) - 3600,
    category_ids: ['tech'],
    campaign: { platform: 'kickstarter', currency: 'USD', goal: 2_000_000, pledged: 100_000, backers: 10, ends_at: Math.floor(Date.now() / 1000) + 20 * 86_400, state: 'live' },
  });
  expect(created.status).toBe(201);
  const link = await site.admin<{ update_url: string }>('POST', `/admin/posts/${created.body.id}/campaign/update-link`);
  expect(link.status).toBe(201);
  return { id: created.body.id, slug, path: new URL(link.body.update_url).pathname };
}

describe('the creator updates their numbers with JavaScript', () => {
  const { site, visitor } = useJourney();

  it('shows the campaign, takes pledged in dollars and says the numbers are updated', async () => {
    const { page } = visitor;
    const { slug, path } = await postWithLink(site);
    await visit(visitor, path);
    await page.getByRole('heading', { name: "Update your campaign's numbers" }).waitFor();
    expect(await page.getByLabel('Pledged (USD)').inputValue()).toBe('1000');
    await page.getByLabel('Pledged (USD)').fill('48210.50');
    await page.getByLabel('Backers').fill('241');
    await page.getByRole('button', { name: 'Update the numbers' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you: your numbers are updated' }).waitFor();
    expect(await page.getByLabel('Pledged (USD)').inputValue()).toBe('48210.50');
    await expectNoSeriousA11yViolations(page);

    const post = await site.admin<{ campaign: { pledged: number; backers: number; facts_source: string } }>('GET', `/posts/${slug}`);
    expect(post.body.campaign).toMatchObject({ pledged: 4_821_050, backers: 241, facts_source: 'creator' });
  });

  it('names a value it cannot read and saves nothing', async () => {
    const { page } = visitor;
    const { slug, path } = await postWithLink(site);
    await visit(visitor, path);
    await page.getByLabel('Pledged (USD)').fill('12.345');
    await page.getByRole('button', { name: 'Update the numbers' }).click();
    await page.locator('#campaign-pledged-error').waitFor();
    expect(await page.locator('#campaign-pledged-error').textContent()).toBe('Pledged must be an amount such as 48210 or 48210.50');
    await expectNoSeriousA11yViolations(page);
    const post = await site.admin<{ campaign: { pledged: number } }>('GET', `/posts/${slug}`);
    expect(post.body.campaign.pledged).toBe(100_000);
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});

describe('the creator updates their numbers without JavaScript', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  it('posts the form and sees the success message in the page', async () => {
    const { page } = visitor;
    const { slug, path } = await postWithLink(site);
    await visit(visitor, path);
    await page.getByLabel('Backers').fill('300');
    await page.getByLabel('State').selectOption('successful');
    await page.getByRole('button', { name: 'Update the numbers' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('status').innerText()).toContain('Thank you: your numbers are updated');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    const post = await site.admin<{ campaign: { backers: number; state: string; facts_source: string } }>('GET', `/posts/${slug}`);
    expect(post.body.campaign).toMatchObject({ backers: 300, state: 'successful', facts_source: 'creator' });
  });

  it('shows the page for a link that does not work with a 404', async () => {
    const response = await visitor.page.goto('/campaign-update/not-a-real-token');
    expect(response?.status()).toBe(404);
    await visitor.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
  });
});

describe("staff and the creator's link in the post editor", () => {
  const { site, visitor } = useJourney();

  it('shows the link in use, makes a new one in its place, and revokes it', async () => {
    const { page } = visitor;
    const { id, path } = await postWithLink(site);
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    await openAdmin(page, `/admin/posts/${id}`, 'Edit Post');
    const field = page.getByRole('textbox', { name: 'Update link' });
    expect(new URL(await field.inputValue()).pathname).toBe(path);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Make a new link' }).click();
    expect(await toastText(page, 'New update link made')).toContain('the old one no longer works');
    const renewed = new URL(await field.inputValue()).pathname;
    expect(renewed).not.toBe(path);
    expect((await fetch(`${site.baseUrl}${path}`)).status).toBe(404);
    expect((await fetch(`${site.baseUrl}${renewed}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke link' }).click();
    await toastText(page, 'Update link revoked');
    await page.getByText('No link in use.').waitFor();
    expect((await fetch(`${site.baseUrl}${renewed}`)).status).toBe(404);
  });

  it('says a link sealed with another key cannot be shown, and makes a new one in its place', async () => {
    const { page } = visitor;
    const { id, path: linkPath } = await postWithLink(site);
    // As a server of the fleet whose TOTP_ENCRYPTION_KEY is another would have sealed it.
    const db = new SQLite(path.join(site.dataDir, 'site.db'));
    try {
      const token = linkPath.slice(linkPath.lastIndexOf('/') + 1);
      const sealed = sealerFor(new Uint8Array(randomBytes(32)), 'campaign update links').seal(token, `post:${id}`);
      db.prepare('update post_campaigns set update_token_sealed = ? where post_id = ?').run(sealed, id);
    } finally {
      db.close();
    }
    // Signed in, with confirmations accepted, by the test before.
    await openAdmin(page, `/admin/posts/${id}`, 'Edit Post');

    await page.getByText(/^Sealed with another key: .*TOTP_ENCRYPTION_KEY/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Update link' }).count()).toBe(0);
    expect((await fetch(`${site.baseUrl}${linkPath}`)).status).toBe(200);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Make a new link' }).click();
    await toastText(page, 'New update link made');
    const renewed = new URL(await page.getByRole('textbox', { name: 'Update link' }).inputValue()).pathname;
    expect(renewed).not.toBe(linkPath);
    expect(await page.getByText(/^Sealed with another key/).count()).toBe(0);
  });
});
