import type { PostJson } from '../../common/answers.ts';
import { describe, expect, it } from 'vitest';
import { openAdmin, PNG_PIXEL, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, seedPosts, useJourney } from './harness.ts';

type AdminPost = PostJson;

describe('an administrator managing posts', () => {
  const { site, visitor: admin, openVisit } = useJourney();

  const findPost = async (slug: string) => {
    const list = await site.admin<{ posts: AdminPost[] }>('GET', '/admin/posts?limit=100');
    const summary = list.body.posts.find((post) => post.slug === slug);
    if (!summary) return undefined;
    return (await site.admin<AdminPost>('GET', `/admin/posts/${summary.id}`)).body;
  };

  it('signs in, is welcomed, and is sent to /admin from /auth while signed in', async () => {
    const { page } = admin;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth');
    await expect.poll(() => page.getByRole('heading', { name: 'Crowdfunding Showcase' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByLabel('Password').getAttribute('minlength')).toBe('6');
    await page.getByLabel('Email').fill('e2e-admin@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await toastText(page, 'Error')).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.evaluate(() => window.localStorage.getItem('admin_user_email'))).toBeNull();

    await signIn(page);
    expect(await toastText(page, 'Welcome back!')).toContain("You've successfully signed in.");
    expect(await page.getByText('e2e-admin@example.com').isVisible()).toBe(true);
    // The account made at start is the site's owner.
    expect(await page.getByText('Owner', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/admin');
    const response = await page.request.get('/admin');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(response.headers()['x-robots-tag']).toBe('noindex');
    expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
  });

  it('shows the empty state, then pages through 21 posts 20 at a time', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts', 'Posts');
    expect(await page.getByText('No posts yet. Create your first one!').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await seedPosts(
      site,
      Array.from({ length: 21 }, (_, index) => ({ slug: `paged-post-${index + 1}`, title: `Paged post ${index + 1}` })),
    );
    await openAdmin(page, '/admin/posts', 'Posts');
    const rows = page.getByRole('row');
    // Newest first: the 20 newest, then the first one created.
    await expect.poll(() => rows.count()).toBe(21);
    expect(await page.getByRole('cell', { name: 'Paged post 21', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: 'Paged post 1', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByRole('cell', { name: 'Paged post 1', exact: true }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    await page.getByRole('link', { name: 'First page' }).click();
    await page.getByRole('cell', { name: 'Paged post 21', exact: true }).waitFor();
    const view = page.getByRole('link', { name: 'View Paged post 21', exact: true });
    expect(await view.getAttribute('href')).toBe('/paged-post-21');
    expect(await view.getAttribute('target')).toBe('_blank');
  });

  it('creates a post with a derived slug and an uploaded cover, after a cancelled upload', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts', 'Posts');
    await page.getByRole('link', { name: 'New Post' }).click();
    await page.getByRole('heading', { name: 'New Post' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Solar Kettle: Boil Water Anywhere!');
    expect(await page.getByLabel('Slug').inputValue()).toBe('solar-kettle-boil-water-anywhere');
    await page.getByLabel('Title', { exact: true }).fill('Solar Kettle 2');
    expect(await page.getByLabel('Slug').inputValue()).toBe('solar-kettle-2');
    await page.getByLabel('Excerpt').fill('Tea in the wild.');
    await page.locator('#post-content').fill('## Why\n\nBecause the sun is free.');
    await page.getByLabel('Campaign URL').fill('https://example.com/solar-kettle');
    // The read time follows the text until it is set by hand.
    const readTime = page.getByLabel('Read Time (minutes)');
    expect(await readTime.inputValue()).toBe('1');
    expect(await readTime.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Set the read time by hand').check();
    await readTime.fill('7');
    await page.getByLabel('Status').selectOption('published');
    const categories = page.getByRole('group', { name: 'Categories' });
    await categories.getByRole('checkbox', { name: 'Technology' }).check();
    await categories.getByRole('checkbox', { name: 'Creative Projects' }).check();

    // The first upload is held on its way to storage, then cancelled.
    let releaseUpload: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    await page.route('**/api/media/upload**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByLabel('Cover image').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await page.getByText(/Uploading image… \d+%/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save Post' }).click();
    expect(await toastText(page, 'Image upload in progress')).toContain(
      'Please wait for the featured image upload to finish before saving.',
    );
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await toastText(page, 'Upload cancelled.');
    expect(await page.getByText(/Image ready:/).count()).toBe(0);
    releaseUpload();
    await page.unroute('**/api/media/upload**');

    await page.getByLabel('Cover image').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await page.getByText(/Image ready: \/uploads\//).waitFor();
    // The zone shows the uploaded cover.
    const preview = page.getByTestId('post-cover_image-dropzone').locator('img');
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    expect(await preview.getAttribute('src')).toMatch(/\/uploads\/.+\.png$/);
    // Every status region the page inserts, with the text it held when it came: only text that arrives in a live
    // region is announced.
    await page.evaluate(() => {
      const inserted: string[] = [];
      Object.assign(window, { insertedStatusTexts: inserted });
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => [...record.addedNodes])) {
          if (!(node instanceof Element)) continue;
          for (const region of [node, ...node.querySelectorAll('[role="status"]')]) {
            if (region.getAttribute('role') === 'status') inserted.push(region.textContent ?? '');
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post created');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    // Live at once: the list offers its public page.
    const notice = page.getByRole('status').filter({ hasText: 'Saved “Solar Kettle 2”.' });
    await notice.waitFor();
    const inserted = await page.evaluate(() => (window as unknown as { insertedStatusTexts: string[] }).insertedStatusTexts);
    expect(inserted).toContain('');
    expect(inserted.filter((text) => text.includes('Saved “'))).toEqual([]);
    const view = notice.getByRole('link', { name: /View on site/ });
    expect(await view.getAttribute('href')).toBe('/solar-kettle-2');
    expect(await view.getAttribute('target')).toBe('_blank');
    await expectNoSeriousA11yViolations(page);
    // Told once: a reload of the list does not bring the notice back.
    await page.reload();
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText('Saved “Solar Kettle 2”.').count()).toBe(0);

    const post = await findPost('solar-kettle-2');
    expect(post).toMatchObject({
      title: 'Solar Kettle 2',
      status: 'published',
      content: '## Why\n\nBecause the sun is free.',
      campaign_url: 'https://example.com/solar-kettle',
      read_time: 7,
      category_ids: ['tech', 'creative'],
      version: 1,
    });
    // Stored as a path, never with the host the editor was on.
    expect(post?.cover_image).toMatch(/^\/uploads\/.+\.png$/);
    const image = await page.request.get(post?.cover_image ?? '');
    expect(image.status()).toBe(200);

    // Both categories show in the list and on the public page.
    const row = page.getByRole('row').filter({ hasText: 'Solar Kettle 2' });
    expect(await row.getByRole('cell', { name: 'Technology, Creative Projects', exact: true }).isVisible()).toBe(true);
    await page.goto('/solar-kettle-2', { waitUntil: 'networkidle' });
    const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: 'Solar Kettle 2' }) });
    const badges = header.getByRole('list', { name: 'Categories' }).getByRole('listitem');
    expect(await badges.allInnerTexts()).toEqual(['Technology', 'Creative Projects']);
  });

  it('takes a cover dropped on the zone, says why a dropped file is refused, and removes it', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts/new', 'New Post');
    const zone = page.getByTestId('post-cover_image-dropzone');
    const drop = async (file: { name: string; type: string; bytes: number[] } | { name: string; type: string; size: number }) => {
      const dataTransfer = await page.evaluateHandle((made) => {
        const transfer = new DataTransfer();
        const body = 'bytes' in made ? new Uint8Array(made.bytes) : new Uint8Array(made.size);
        transfer.items.add(new File([body], made.name, { type: made.type }));
        return transfer;
      }, file);
      await zone.dispatchEvent('dragenter', { dataTransfer });
      await expect.poll(() => zone.getAttribute('data-dragging')).toBe('true');
      await zone.dispatchEvent('drop', { dataTransfer });
      await expect.poll(() => zone.getAttribute('data-dragging')).toBeNull();
    };

    await drop({ name: 'notes.txt', type: 'text/plain', bytes: [104, 105] });
    await page.getByRole('alert').filter({ hasText: 'Invalid file type: text/plain. Only image files are allowed.' }).waitFor();
    expect(await page.locator('#post-cover_image').getAttribute('aria-invalid')).toBe('true');
    await drop({ name: 'huge.png', type: 'image/png', size: 26 * 1024 * 1024 });
    await page.getByRole('alert').filter({ hasText: 'File too large: 26 MB. Maximum size is 25 MB.' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await drop({ name: 'dropped.png', type: 'image/png', bytes: [...PNG_PIXEL] });
    await page.getByText(/Image ready: \/uploads\/.+\.png/).waitFor();
    expect(await page.locator('#post-cover_image').getAttribute('aria-invalid')).toBeNull();
    const preview = zone.locator('img');
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // The hidden file input is still reached from the keyboard, and the zone shows its focus.
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('post-cover_image');
    expect(await zone.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');

    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByText('No image yet').waitFor();
    expect(await preview.count()).toBe(0);
  });

  it('estimates the read time from the text until it is set by hand, and links to the saved post', async () => {
    const { page } = admin;
    await seedPosts(site, [{ slug: 'timed-post', title: 'Timed post' }]);
    const seeded = await findPost('timed-post');
    await openAdmin(page, `/admin/posts/${seeded?.id}`, 'Edit Post');
    // Live: the editor links to its public page.
    const view = page.getByRole('link', { name: /View on site/ });
    expect(await view.getAttribute('href')).toBe('/timed-post');
    expect(await view.getAttribute('target')).toBe('_blank');

    // Seeded with 5 minutes for a short text: set by hand.
    const readTime = page.getByLabel('Read Time (minutes)');
    const override = page.getByLabel('Set the read time by hand');
    expect(await override.isChecked()).toBe(true);
    expect(await readTime.inputValue()).toBe('5');
    await override.uncheck();
    expect(await readTime.inputValue()).toBe('1');

    // 460 words are 2 minutes at 230 a minute; the addresses of links and images are not read.
    const words = Array.from({ length: 460 }, (_, index) => `word${index}`).join(' ');
    const addresses = Array.from({ length: 50 }, (_, index) => `[](https://example.com/${'long-path-'.repeat(20)}${index})`).join(' ');
    await page.locator('#post-content').fill(`${words}\n\n${addresses}\n\n![](/uploads/picture.png)`);
    await expect.poll(() => readTime.inputValue()).toBe('2');
    await page.locator('#post-content').fill(`## Long read\n\n${words}`);
    await expect.poll(() => readTime.inputValue()).toBe('3');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    expect(await findPost('timed-post')).toMatchObject({ read_time: 3, status: 'draft' });
    // A draft is not on the site: the list offers its preview instead.
    const notice = page.getByRole('status').filter({ hasText: 'Saved “Timed post”. This post is not on the site yet.' });
    expect(await notice.getByRole('link', { name: 'Share a preview' }).getAttribute('href')).toBe(
      `/admin/posts/${seeded?.id}#preview-links-heading`,
    );
    expect(await notice.getByRole('link', { name: /View on site/ }).count()).toBe(0);

    // Reopened, the read time still follows the text; set by hand, it is kept.
    await openAdmin(page, `/admin/posts/${seeded?.id}`, 'Edit Post');
    expect(await override.isChecked()).toBe(false);
    expect(await readTime.inputValue()).toBe('3');
    expect(await page.getByRole('link', { name: 'Draft: share a preview' }).getAttribute('href')).toBe('#preview-links-heading');
    await override.check();
    await readTime.fill('12');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    expect(await findPost('timed-post')).toMatchObject({ read_time: 12 });
  });

  it('uploads an image into the content and inserts its markdown at the cursor', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts/new', 'New Post');
    const content = page.locator('#post-content');
    await content.fill('Before. After.');
    await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(8, 8));
    await page.getByLabel('Image to insert into the content').setInputFiles({ name: 'inline-shot.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await toastText(page, 'Image uploaded successfully.');
    // The upload's path, never with the host the editor was on.
    await expect.poll(() => content.inputValue()).toMatch(/^Before\. !\[inline-shot\]\(\/uploads\/[^)]+\.png\)After\.$/);
  });

  it('keeps the typed text and says someone else changed the post when its version is stale', async () => {
    const { page } = admin;
    await seedPosts(site, [{ slug: 'contested-post', title: 'Contested post' }]);
    const before = await findPost('contested-post');
    await openAdmin(page, `/admin/posts/${before?.id}`, 'Edit Post');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Contested post');

    // Someone else saves first.
    const other = await site.admin('PUT', `/admin/posts/${before?.id}`, {
      ...before,
      title: 'Changed elsewhere',
      version: before?.version,
    });
    expect(other.status).toBe(200);

    await page.getByLabel('Title', { exact: true }).fill('My own edit');
    await page.getByRole('button', { name: 'Save Post' }).click();
    expect(await toastText(page, 'Failed to save post')).toContain('changed by someone else');
    await page.getByRole('alert').filter({ hasText: 'Someone else changed this post' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('My own edit');
    expect((await findPost('my-own-edit'))).toBeUndefined();
    expect((await findPost('contested-post'))?.title).toBe('Changed elsewhere');
  });

  it('warns before leaving an edited post, then updates it', async () => {
    const { page } = admin;
    await seedPosts(site, [{ slug: 'draft-to-edit', title: 'Draft to edit' }]);
    const post = await findPost('draft-to-edit');
    await openAdmin(page, `/admin/posts/${post?.id}`, 'Edit Post');
    await page.getByLabel('Excerpt').fill('A new excerpt.');
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Excerpt').inputValue()).toBe('A new excerpt.');

    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    expect(await findPost('draft-to-edit')).toMatchObject({ version: 2 });
    expect((await site.admin<{ excerpt: string }>('GET', `/admin/posts/${post?.id}`)).body.excerpt).toBe('A new excerpt.');
  });

  it('deletes a post after confirming', async () => {
    const { page } = admin;
    await seedPosts(site, [{ slug: 'doomed-post', title: 'Doomed post' }]);
    await openAdmin(page, '/admin/posts', 'Posts');
    await page.getByRole('button', { name: 'Delete Doomed post' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('Are you sure you want to delete "Doomed post"');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastText(page, 'Post deleted');
    await expect.poll(() => page.getByRole('cell', { name: 'Doomed post', exact: true }).count()).toBe(0);
    expect(await findPost('doomed-post')).toBeUndefined();
  });

  it('sets the settings beside the text on a wide screen, and after it on a phone', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/posts/new', 'New Post');
    await page.locator('#post-content').waitFor();
    const title = await page.getByLabel('Title', { exact: true }).boundingBox();
    const status = await page.getByLabel('Status').boundingBox();
    expect(status && title && status.x >= title.x + title.width).toBe(true);
    expect(status && title && status.y < title.y + 200).toBe(true);

    const phone = await openVisit({ viewport: { width: 390, height: 800 } });
    try {
      await signIn(phone.page);
      await openAdmin(phone.page, '/admin/posts/new', 'New Post');
      await phone.page.locator('#post-content').waitFor();
      const content = await phone.page.locator('#post-content').boundingBox();
      const phoneStatus = await phone.page.getByLabel('Status').boundingBox();
      expect(content && phoneStatus && phoneStatus.y > content.y + content.height).toBe(true);
      // No sideways scrolling.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(phone.page);
    } finally {
      await phone.context.close();
    }
  });

  it('opens and closes the sidebar on a phone', async () => {
    const phone = await openVisit({ viewport: { width: 390, height: 800 } });
    try {
      await signIn(phone.page);
      const { page } = phone;
      await openAdmin(page, '/admin/posts', 'Posts');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await nav.isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await nav.getByRole('link', { name: 'Resources' }).click();
      await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
      await expect.poll(() => nav.isVisible()).toBe(false);
    } finally {
      await phone.context.close();
    }
  });

  it('denies access and returns to /auth when the admin check fails', async () => {
    const { page } = admin;
    // The server refuses the account's admin rights, as it does for a member.
    await page.route('**/api/admin/posts?limit=1', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'FORBIDDEN', message: 'You need admin privileges to access this area.' }),
      }),
    );
    try {
      await page.goto('/admin/resources', { waitUntil: 'networkidle' });
      expect(await toastText(page, 'Access Denied')).toContain('You need admin privileges to access this area.');
      await page.waitForURL('**/auth');
    } finally {
      await page.unroute('**/api/admin/posts?limit=1');
    }
    await signIn(page);
  });

  it('signs out to the home page and cannot come back to /admin', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin_')))).toEqual([]);
    await page.goto('/admin/posts', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth');
  });
});
