/**
 * Publishing a post without a cover: the editor warns that the site will
 * show a generated picture instead, and saving still works; the public page
 * then shows that picture.
 */
import type { PostJson } from '../../common/answers.ts';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

const WARNING = "No cover image: the site will show a generated picture in the category's colours.";

describe('an administrator publishing a post without a cover', () => {
  const { site, visitor: admin } = useJourney();

  it('is warned next to the cover field, and can still save', async () => {
    const { page } = admin;
    await signIn(page);
    await openAdmin(page, '/admin/posts/new', 'New Post');
    await page.getByLabel('Title', { exact: true }).fill('Coverless Lantern');
    await page.locator('#post-content').fill('## Why\n\nA lantern that needs no picture.');
    await page.getByLabel('Campaign URL').fill('https://example.com/coverless-lantern');
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Creative Projects' }).check();
    const warning = page.getByRole('status').filter({ hasText: WARNING });
    // A draft needs no cover yet.
    expect(await warning.count()).toBe(0);

    await page.getByLabel('Status').selectOption('published');
    await warning.waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post created');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    const list = await site.admin<{ posts: PostJson[] }>('GET', '/admin/posts?limit=100');
    expect(list.body.posts.find((post) => post.slug === 'coverless-lantern')).toMatchObject({ status: 'published', cover_image: null });

    await page.goto('/coverless-lantern', { waitUntil: 'networkidle' });
    // A text-free picture in its category's colours stands in: not the social card, whose title would show twice.
    expect(await page.getByRole('img', { name: 'Cover image for Coverless Lantern' }).count()).toBe(0);
    const fallback = page.locator('article [data-cover-fallback]').first();
    expect(await fallback.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('linear-gradient');
    expect(await fallback.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(100);
    await expectNoSeriousA11yViolations(page);
  });
});
