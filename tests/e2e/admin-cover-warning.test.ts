/**
 * Publishing a post without a cover: the editor warns that the site will
 * show a generated picture instead, and saving still works; the public page
 * then shows that picture.
 */
import type { PostJson } from '../../common/answers.ts';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

const WARNING = 'No cover image: the site will show a generated picture with the title.';

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
    const cover = page.getByRole('img', { name: 'Cover image for Coverless Lantern' });
    expect(await cover.getAttribute('src')).toMatch(/^\/social-cards\/post\/coverless-lantern\.png\?v=\d+$/);
    // The generated picture loaded.
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await expectNoSeriousA11yViolations(page);
  });
});
