/**
 * Authors in the back office: the owner fills in their public profile under
 * Account, with the byline previewed as posts will show it; the post
 * editor's Author picker names another member of staff, whose byline the
 * post page then links to their author page. axe finds nothing serious on
 * any of these screens.
 */
import { describe, expect, it } from 'vitest';
import type { AuthorProfileJson, PostJson } from '../../common/answers.ts';
import { openAdmin, PNG_PIXEL, signIn } from './admin-journey.ts';
import { addStaff, ADMIN_EMAIL, expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

describe('authors', () => {
  const { site, visitor } = useJourney();

  it('the owner fills in their public profile under Account and sees the byline it makes', async () => {
    const { page } = visitor;
    const named = await site.admin('PUT', '/admin/account/profile', { name: 'Jo Marsh', email: ADMIN_EMAIL });
    expect(named.status).toBe(200);
    await signIn(page);
    await openAdmin(page, '/admin/account', 'Your account');

    // The preview reads as a post page's byline, linked to the author page.
    const preview = page.getByRole('link', { name: 'Jo Marsh' });
    await preview.waitFor();
    expect(await preview.getAttribute('href')).toBe('/author/jo-marsh');
    expect(await page.locator('.content-meta').innerText()).toBe('Reviewed by Jo Marsh');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Address of the author page').fill('jo');
    await expect.poll(() => preview.getAttribute('href')).toBe('/author/jo');
    await page.getByLabel('Short bio').fill('Jo has backed 140 campaigns and reviews the ones worth your money.');
    await page.getByLabel('Link 1').fill('https://jo.example.com/');
    await page.locator('#author-avatar').setInputFiles({ name: 'jo.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await toastText(page, 'Image uploaded successfully.');
    // The avatar shows in the preview at once.
    await expect.poll(() => page.locator('.content-meta img').count()).toBe(1);

    // A link that is not https is refused beside its field, before anything is sent.
    await page.getByLabel('Link 2').fill('http://insecure.example.com/');
    await page.getByRole('button', { name: 'Save author profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'links must be https:// addresses' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Link 2').fill('');

    await page.getByRole('button', { name: 'Save author profile' }).click();
    await toastText(page, 'Author profile saved');
    const saved = await site.admin<AuthorProfileJson>('GET', '/admin/account/author');
    expect(saved.body).toMatchObject({ slug: 'jo', bio: 'Jo has backed 140 campaigns and reviews the ones worth your money.', links: ['https://jo.example.com/'] });
    expect(saved.body.avatar).toMatch(/^\/uploads\/.+\.png$/);
    await expectNoSeriousA11yViolations(page);
  });

  it("the editor's Author picker names another member of staff, and the post page links to their page", async () => {
    const { page } = visitor;
    await addStaff(site, { email: 'sam.reed@example.com', password: 'sam-password-123', name: 'Sam Reed', role: 'editor' });
    await openAdmin(page, '/admin/posts/new', 'New Post');
    const picker = page.getByLabel('Reviewed by');
    // A new post is its creator's until another is picked.
    expect(await picker.locator('option:checked').innerText()).toBe('Jo Marsh (you)');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Title', { exact: true }).fill('Tide Clock');
    await page.getByLabel('Slug', { exact: true }).fill('tide-clock-by-sam');
    await page.locator('#post-content').fill('A clock that shows the tides of your beach.');
    await picker.selectOption({ label: 'Sam Reed' });
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post created');

    const list = await site.admin<{ posts: PostJson[] }>('GET', '/admin/posts?limit=100');
    const post = list.body.posts.find((item) => item.slug === 'tide-clock-by-sam');
    expect(post?.author).toMatchObject({ name: 'Sam Reed', slug: 'sam-reed', url: '/author/sam-reed' });

    // Opened again, the picker shows the author saved.
    await openAdmin(page, `/admin/posts/${post?.id}`, 'Edit Post');
    expect(await page.getByLabel('Reviewed by').locator('option:checked').innerText()).toBe('Sam Reed');

    await page.goto('/tide-clock-by-sam', { waitUntil: 'networkidle' });
    const byline = page.locator('.content-meta').getByRole('link', { name: 'Sam Reed' });
    expect(await byline.getAttribute('href')).toBe('/author/sam-reed');
    await byline.click();
    await page.getByRole('heading', { level: 1, name: 'Sam Reed' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Tide Clock' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it("the owner edits another member of staff's profile from the staff screen", async () => {
    const { page } = visitor;
    await openAdmin(page, '/admin/staff', 'Staff');
    await page.getByRole('button', { name: 'Author profile of Sam Reed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Author profile of Sam Reed' });
    const slug = dialog.getByLabel('Address of the author page');
    await expect.poll(() => slug.inputValue()).toBe('sam-reed');
    await dialog.getByLabel('Short bio').fill('Sam covers board games and the people who make them.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save author profile' }).click();
    await toastText(page, 'Author profile saved');

    await page.goto('/author/sam-reed', { waitUntil: 'networkidle' });
    await page.getByText('Sam covers board games and the people who make them.').waitFor();
  });
});
