import { beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { ResourceJson, ResourcePage } from '../../common/answers.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, contentHelpers, RESOURCE_KIND, summaryOf, uniqueSlug } from './content-kinds.ts';

const t = useTestApp();
const {
  payload: resourcePayload,
  findRow: findResourceRow,
  count: countResources,
  create: createResource,
  setPublishedAt,
} = contentHelpers<ResourceJson>(t, RESOURCE_KIND);
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

describe('GET /api/resources', () => {
  it('lists published resources newest first, without content', async () => {
    const older = await setPublishedAt(await createResource(), BASE_TIME);
    const newer = await setPublishedAt(await createResource({ category_id: 'funding' }), BASE_TIME + 60);
    await createResource({ status: 'draft' });

    const response = await t.request<ResourcePage>('GET', '/resources');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ resources: [summaryOf(newer), summaryOf(older)], next_token: null });
    for (const resource of response.body.resources) expect(resource).not.toHaveProperty('content');
  });

  it('filters by category, given either its id or its slug', async () => {
    const tech = await createResource({ category_id: 'tech' });
    await createResource({ category_id: 'funding' });
    await createResource();
    await createResource({ category_id: 'tech', status: 'draft' });

    for (const category of ['tech', 'technology']) {
      const response = await t.request<ResourcePage>('GET', `/resources?category=${category}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ resources: [summaryOf(tech)], next_token: null });
    }
  });

  it('finds nothing for an unknown category', async () => {
    await createResource({ category_id: 'tech' });
    const response = await t.request<ResourcePage>('GET', '/resources?category=gadgets');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ resources: [], next_token: null });
  });

});

describe('GET /api/resources/{slug}', () => {
  it('returns a published resource with its content', async () => {
    const resource = await createResource({ category_id: 'creative' });
    const response = await t.request<ResourceJson>('GET', `/resources/${resource.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(resource);
    expect(response.body.content).toBe('## Budget\n\nStart with the **fees**.');
  });

});

describe('POST /api/admin/resources', () => {
  it('creates a published resource with published_at set to now', async () => {
    const before = nowSeconds();
    const response = await t.request<ResourceJson>('POST', '/admin/resources', {
      token,
      body: {
        title: '  Budgeting 101 ',
        slug: 'budgeting-101',
        excerpt: 'Plan before you launch.',
        content: '## Budget',
        cover_image: '/uploads/budget.png',
        read_time: 8,
        status: 'published',
        category_id: 'funding',
      },
    });
    const after = nowSeconds();

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      slug: 'budgeting-101',
      title: 'Budgeting 101',
      excerpt: 'Plan before you launch.',
      content: '## Budget',
      cover_image: '/uploads/budget.png',
      read_time: 8,
      status: 'published',
      category_id: 'funding',
      published_at: expect.any(Number),
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      version: 1,
    });
    const resource = response.body;
    expect(resource.published_at).toBeGreaterThanOrEqual(before);
    expect(resource.published_at).toBeLessThanOrEqual(after);
    expect(resource.created_at).toBe(resource.published_at);
    expect(resource.updated_at).toBe(resource.created_at);
    expect(await findResourceRow(resource.id)).toEqual(resource);
  });

  it('creates a resource without status as a draft with a null published_at', async () => {
    const { status: _status, ...payload } = resourcePayload();
    const response = await t.request<ResourceJson>('POST', '/admin/resources', { token, body: payload });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'draft', published_at: null, version: 1 });
    expect(await findResourceRow(response.body.id)).toMatchObject({ status: 'draft', published_at: null });
  });

  it('decides published_at itself, whatever the editor sends', async () => {
    const before = nowSeconds();
    const published = await createResource({ published_at: BASE_TIME });
    const draft = await createResource({ status: 'draft', published_at: BASE_TIME });

    expect(published.published_at).toBeGreaterThanOrEqual(before);
    expect(draft.published_at).toBeNull();
    expect((await findResourceRow(published.id))?.published_at).toBe(published.published_at);
    expect((await findResourceRow(draft.id))?.published_at).toBeNull();
  });

  it('stores an empty excerpt, cover image and read time as null', async () => {
    const response = await t.request<ResourceJson>('POST', '/admin/resources', {
      token,
      body: {
        title: 'Bare guide',
        slug: 'bare-guide',
        excerpt: '',
        content: 'Only the essentials.',
        cover_image: '',
        read_time: null,
        status: 'draft',
        published_at: null,
      },
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      slug: 'bare-guide',
      title: 'Bare guide',
      excerpt: null,
      content: 'Only the essentials.',
      cover_image: null,
      read_time: null,
      status: 'draft',
      category_id: null,
      published_at: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      version: 1,
    });
    expect(await findResourceRow(response.body.id)).toEqual(response.body);
  });

  it('accepts a resource without excerpt, cover image or read time', async () => {
    const response = await t.request<ResourceJson>('POST', '/admin/resources', {
      token,
      body: { title: 'Minimal', slug: 'minimal', content: 'Text.' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ excerpt: null, cover_image: null, read_time: null, status: 'draft' });
  });

  // The refusals both kinds share are in content.test.ts.
  const invalidPayloads: { name: string; change: (body: Record<string, unknown>) => void; message: string }[] = [
    {
      name: 'an unknown category',
      change: (body) => (body.category_id = 'gadgets'),
      message: 'category_id: unknown category "gadgets"',
    },
  ];

  it.each(invalidPayloads)('refuses $name with 400 and stores nothing', async ({ change, message }) => {
    const body = resourcePayload();
    change(body);

    const response = await t.request('POST', '/admin/resources', { token, body });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await countResources()).toBe(0);
  });

  it('refuses a slug already used by another resource or by a post with 409 SLUG_TAKEN', async () => {
    const existing = await createResource();
    const postSlug = uniqueSlug('project');
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'A project', slug: postSlug, content: 'Back it.', status: 'draft' },
    });
    expect(post.status).toBe(201);

    for (const slug of [existing.slug, postSlug]) {
      const response = await t.request('POST', '/admin/resources', { token, body: resourcePayload({ slug }) });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'SLUG_TAKEN',
        message: `Slug "${slug}" is already used by another post or resource`,
      });
    }
    expect(await countResources()).toBe(1);
  });

});

describe('PUT /api/admin/resources/{id}', () => {
  it('updates a resource with the current version and bumps the version', async () => {
    const resource = await createResource({ status: 'draft', category_id: 'tech' });
    const before = nowSeconds();

    const response = await t.request<ResourceJson>('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: {
        title: 'Budgeting 102',
        slug: 'budgeting-102',
        excerpt: '',
        content: 'Updated text.',
        cover_image: '',
        read_time: null,
        status: 'draft',
        published_at: null,
        category_id: 'business',
        version: 1,
      },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: resource.id,
      slug: 'budgeting-102',
      title: 'Budgeting 102',
      excerpt: null,
      content: 'Updated text.',
      cover_image: null,
      read_time: null,
      status: 'draft',
      category_id: 'business',
      published_at: null,
      created_at: resource.created_at,
      updated_at: expect.any(Number),
      version: 2,
    });
    expect(response.body.updated_at).toBeGreaterThanOrEqual(before);
    expect(await findResourceRow(resource.id)).toEqual(response.body);
  });

  it('keeps the category when an update leaves category_id out, and clears it when null is sent', async () => {
    const resource = await createResource({ category_id: 'tech' });
    const { id: _id, created_at: _c, updated_at: _u, published_at: _p, version: _v, category_id: _cat, ...fields } =
      resource;

    const kept = await t.request<ResourceJson>('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...fields, title: 'Renamed guide', version: 1 },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.category_id).toBe('tech');
    expect((await findResourceRow(resource.id))?.category_id).toBe('tech');

    const cleared = await t.request<ResourceJson>('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...fields, category_id: null, version: 2 },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.category_id).toBeNull();
    expect((await findResourceRow(resource.id))?.category_id).toBeNull();
  });

  it('publishing a draft sets published_at to now', async () => {
    const draft = await createResource({ status: 'draft' });
    const before = nowSeconds();

    const response = await t.request<ResourceJson>('PUT', `/admin/resources/${draft.id}`, {
      token,
      body: { ...resourcePayload({ slug: draft.slug, status: 'published' }), version: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body.published_at).toBeGreaterThanOrEqual(before);
    expect(response.body.published_at).toBeLessThanOrEqual(nowSeconds());
    expect((await findResourceRow(draft.id))?.published_at).toBe(response.body.published_at);
  });

  it('keeps the first published_at of a resource that stays published', async () => {
    const resource = await setPublishedAt(await createResource(), BASE_TIME);

    const response = await t.request<ResourceJson>('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: resource.slug, title: 'Edited', published_at: BASE_TIME + 500 }), version: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Edited', status: 'published', published_at: BASE_TIME, version: 2 });
    expect(await findResourceRow(resource.id)).toMatchObject({ title: 'Edited', published_at: BASE_TIME });
  });

  it('unpublishing clears published_at and takes the resource off the public site', async () => {
    const resource = await setPublishedAt(await createResource(), BASE_TIME);

    const response = await t.request<ResourceJson>('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: resource.slug, status: 'draft' }), version: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'draft', published_at: null, version: 2 });
    expect(await findResourceRow(resource.id)).toMatchObject({ status: 'draft', published_at: null });
    expect((await t.request('GET', `/resources/${resource.slug}`)).status).toBe(404);
    expect((await t.request<ResourcePage>('GET', '/resources')).body).toEqual({ resources: [], next_token: null });
  });

  it('refuses a slug used by a post with 409 and changes nothing', async () => {
    const resource = await createResource();
    const postSlug = uniqueSlug('project');
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'A project', slug: postSlug, content: 'Back it.', status: 'draft' },
    });
    expect(post.status).toBe(201);

    const response = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: postSlug }), version: 1 },
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'SLUG_TAKEN',
      message: `Slug "${postSlug}" is already used by another post or resource`,
    });
    expect(await findResourceRow(resource.id)).toEqual(resource);
  });

});
