import type { ResourceJson } from '../../common/answers.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, PNG_PIXEL, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, seedResource, useJourney } from './harness.ts';

type AdminResource = ResourceJson;

describe('an administrator managing resources', () => {
  const { site, visitor: admin } = useJourney();

  beforeAll(async () => {
    await signIn(admin.page);
  });

  const findResource = async (slug: string) => {
    const list = await site.admin<{ resources: AdminResource[] }>('GET', '/admin/resources?limit=100');
    const summary = list.body.resources.find((resource) => resource.slug === slug);
    if (!summary) return undefined;
    return (await site.admin<AdminResource>('GET', `/admin/resources/${summary.id}`)).body;
  };

  it('shows the empty state, then pages through 21 resources 20 at a time', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/resources', 'Resources');
    expect(await page.getByText('No resources yet. Create your first one!').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    for (let index = 1; index <= 21; index += 1) {
      await seedResource(site, { slug: `paged-guide-${index}`, title: `Paged guide ${index}` });
    }
    await openAdmin(page, '/admin/resources', 'Resources');
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['Featured image', 'Title', 'Status', 'Published', 'Created', 'Actions']);
    await expect.poll(() => page.getByRole('row').count()).toBe(21);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByRole('cell', { name: 'Paged guide 1', exact: true }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await expectNoSeriousA11yViolations(page);
  });

  it('creates a draft resource with a featured image, nulls for what was left empty, the read time from the text', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/resources', 'Resources');
    await page.getByRole('link', { name: 'New Resource' }).click();
    await page.getByRole('heading', { name: 'New Resource' }).waitFor();
    expect(await page.getByText('PNG, JPG, GIF, WebP or SVG up to 10MB').isVisible()).toBe(true);
    expect(await page.getByLabel('Status').inputValue()).toBe('draft');
    expect(await page.getByLabel('Read Time (minutes)').getAttribute('placeholder')).toBe('5');
    expect(await page.getByLabel('Excerpt').getAttribute('rows')).toBe('3');

    await page.getByLabel('Title', { exact: true }).fill('Pricing Your Rewards');
    expect(await page.getByLabel('Slug').inputValue()).toBe('pricing-your-rewards');
    await page.locator('#resource-content').fill('Start with your costs.');
    await page.getByLabel('Featured image').setInputFiles({ name: 'rewards.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await page.getByText(/Image ready: \/uploads\//).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save Resource' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/resources');
    await page.getByRole('cell', { name: 'Pricing Your Rewards', exact: true }).waitFor();

    const resource = await findResource('pricing-your-rewards');
    expect(resource).toMatchObject({
      title: 'Pricing Your Rewards',
      excerpt: null,
      content: 'Start with your costs.',
      // Estimated from the text, as nobody set it by hand.
      read_time: 1,
      status: 'draft',
      published_at: null,
      version: 1,
    });
    expect(resource?.cover_image).toMatch(/^\/uploads\/.+\.png$/);
  });

  it('publishes an edited resource and the public list shows it at once', async () => {
    const { page } = admin;
    await seedResource(site, { slug: 'launch-checklist', title: 'Launch checklist' });
    const before = await findResource('launch-checklist');
    await site.admin('PUT', `/admin/resources/${before?.id}`, { ...before, status: 'draft' });
    const publicBefore = await page.request.get('/resources');
    expect(await publicBefore.text()).not.toContain('Launch checklist, revised');

    const draft = await findResource('launch-checklist');
    await openAdmin(page, `/admin/resources/${draft?.id}`, 'Edit Resource');
    await page.getByLabel('Title', { exact: true }).fill('Launch checklist, revised');
    await page.getByLabel('Set the read time by hand').check();
    await page.getByLabel('Read Time (minutes)').fill('9');
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save Resource' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/resources');
    await page.getByRole('cell', { name: 'Launch checklist, revised', exact: true }).waitFor();

    const saved = await findResource('launch-checklist-revised');
    expect(saved).toMatchObject({ status: 'published', read_time: 9, version: (draft?.version ?? 0) + 1 });
    expect(saved?.published_at).toEqual(expect.any(Number));
    await expect.poll(async () => (await (await page.request.get('/resources')).text()).includes('Launch checklist, revised')).toBe(true);
  });

  it('says why a resource could not be saved and keeps the form', async () => {
    const { page } = admin;
    await seedResource(site, { slug: 'taken-slug', title: 'Taken slug' });
    await openAdmin(page, '/admin/resources/new', 'New Resource');
    await page.getByLabel('Title', { exact: true }).fill('Taken slug');
    await page.locator('#resource-content').fill('Duplicate.');
    await page.getByRole('button', { name: 'Save Resource' }).click();
    expect(await toastText(page, 'Failed to save resource')).toContain('Slug "taken-slug" is already used');
    expect(page.url()).toMatch(/\/admin\/resources\/new$/);
  });

  it('says so when the resource to edit does not exist', async () => {
    const { page } = admin;
    await page.goto('/admin/resources/999999', { waitUntil: 'networkidle' });
    await page.getByRole('alert').filter({ hasText: 'Resource not found' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('deletes a resource after confirming in the dialog', async () => {
    const { page } = admin;
    await seedResource(site, { slug: 'old-guide', title: 'Old guide' });
    await openAdmin(page, '/admin/resources', 'Resources');
    await page.getByRole('button', { name: 'Delete Old guide' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastText(page, 'Resource deleted successfully');
    await expect.poll(() => page.getByRole('cell', { name: 'Old guide', exact: true }).count()).toBe(0);
    expect(await findResource('old-guide')).toBeUndefined();
  });
});
