import type { ContentRevisionListJson, PostJson } from '../../common/answers.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, seedPosts, toastText, useJourney } from './harness.ts';

describe('an administrator going back to an earlier version of a post', () => {
  const { site, visitor: admin } = useJourney();

  beforeAll(async () => {
    await signIn(admin.page);
  });

  const findPost = async (slug: string) => {
    const list = await site.admin<{ posts: PostJson[] }>('GET', '/admin/posts?limit=100');
    const summary = list.body.posts.find((post) => post.slug === slug);
    if (!summary) throw new Error(`no post ${slug}`);
    return (await site.admin<PostJson>('GET', `/admin/posts/${summary.id}`)).body;
  };

  /** Opens the editor, gives the post a new title (its slug kept) and saves. */
  async function saveTitle(id: number, title: string) {
    const { page } = admin;
    await openAdmin(page, `/admin/posts/${id}`, 'Edit Post');
    const slug = await page.getByLabel('Slug').inputValue();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
  }

  it('lists the kept versions, shows what changed, and restores one as a new save', async () => {
    const { page } = admin;
    await seedPosts(site, [{ slug: 'revisable-post', title: 'First title' }]);
    const post = await findPost('revisable-post');
    await saveTitle(post.id, 'Second title');
    await saveTitle(post.id, 'Third title');
    expect(await findPost('revisable-post')).toMatchObject({ title: 'Third title', version: 3 });

    await openAdmin(page, `/admin/posts/${post.id}`, 'Edit Post');
    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.waitFor();
    const versions = dialog.getByRole('navigation', { name: 'Kept versions' }).getByRole('button');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.first().innerText()).toContain('Version 2');
    expect(await versions.first().innerText()).toContain('by e2e-admin@example.com');
    expect(await versions.last().innerText()).toContain('Version 1');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: /^Version 1\b/ }).click();
    await dialog.getByRole('heading', { name: 'Version 1 compared with the current version (3)' }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Version 1\b/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.locator('del', { hasText: 'First' }).first().isVisible()).toBe(true);
    expect(await dialog.locator('ins', { hasText: 'Third' }).first().isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Restore' }).click();
    expect(await toastText(page, 'Version 1 restored')).toContain('Saved as version 4.');
    await expect.poll(() => dialog.count()).toBe(0);
    // Back where the dialog was opened from, with the old title in the form.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Revisions');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('First title');
    expect(await findPost('revisable-post')).toMatchObject({ title: 'First title', version: 4 });

    // The restore kept the version it replaced: nothing is lost.
    const kept = await site.admin<ContentRevisionListJson>('GET', `/admin/posts/${post.id}/revisions`);
    expect(kept.body.revisions.map((revision) => [revision.version, revision.title])).toEqual([
      [3, 'Third title'],
      [2, 'Second title'],
      [1, 'First title'],
    ]);

    // The form is not dirty: leaving asks nothing.
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  });

  it('says so, and changes nothing, when the post changed since the editor loaded it', async () => {
    const { page } = admin;
    const post = await findPost('revisable-post');
    await openAdmin(page, `/admin/posts/${post.id}`, 'Edit Post');
    // Someone else saves meanwhile.
    const other = await site.admin('PUT', `/admin/posts/${post.id}`, { ...post, title: 'Changed elsewhere', version: post.version });
    expect(other.status).toBe(200);

    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.getByRole('button', { name: /^Version 2\b/ }).click();
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('alertdialog', { name: 'Restore version 2?' }).getByRole('button', { name: 'Restore' }).click();
    expect(await toastText(page, 'Failed to restore this version')).toContain('changed by someone else');
    const alert = dialog.getByRole('alert').filter({ hasText: 'Version 2 was not restored' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('changed by someone else');
    await expectNoSeriousA11yViolations(page);
    expect(await findPost('revisable-post')).toMatchObject({ title: 'Changed elsewhere', version: post.version + 1 });
  });
});
