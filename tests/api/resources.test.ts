import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { ResourceJson, ResourcePage, ResourceSummaryJson } from '../../server/db/queries/resources.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});

// Every test starts from an empty resources table, so lists can be asserted whole.
beforeEach(async () => {
  await t.handle.db.deleteFrom('resources').execute();
});

const KB = 1024;
// A fixed past instant for resources whose publication date the test sets.
const BASE_TIME = 1_700_000_000;

let slugCounter = 0;
function uniqueSlug(stem = 'resource'): string {
  slugCounter += 1;
  return `${stem}-${slugCounter}`;
}

function resourcePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const slug = uniqueSlug();
  return {
    title: `Guide ${slug}`,
    slug,
    excerpt: 'How to plan a campaign budget.',
    content: '## Budget\n\nStart with the **fees**.',
    cover_image: 'https://cdn.example.com/guide.png',
    read_time: 6,
    status: 'published',
    ...overrides,
  };
}

async function createResource(overrides: Record<string, unknown> = {}): Promise<ResourceJson> {
  const response = await t.request<ResourceJson>('POST', '/admin/resources', {
    token,
    body: resourcePayload(overrides),
  });
  expect(response.status).toBe(201);
  return response.body;
}

const findResourceRow = (id: number) =>
  t.handle.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves a resource's publication date into the past, as if it was published then. */
async function setPublishedAt(resource: ResourceJson, publishedAt: number): Promise<ResourceJson> {
  await t.handle.db.updateTable('resources').set({ published_at: publishedAt }).where('id', '=', resource.id).execute();
  return { ...resource, published_at: publishedAt };
}

async function countResources(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function summaryOf(resource: ResourceJson): ResourceSummaryJson {
  const { content: _content, ...summary } = resource;
  return summary;
}

const newestFirst = (a: ResourceSummaryJson, b: ResourceSummaryJson) =>
  (b.published_at ?? 0) - (a.published_at ?? 0) || b.id - a.id;

const ids = (resources: { id: number }[]) => resources.map((resource) => resource.id);

/** Follows next_token from the first page (or `startToken`) to the last. */
async function walkPages(
  path: string,
  options: { tokenParam: 'nextToken' | 'next_token'; admin?: boolean; startToken?: string | null },
): Promise<ResourceSummaryJson[][]> {
  const pages: ResourceSummaryJson[][] = [];
  let nextToken: string | null = options.startToken ?? null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = nextToken
      ? `${path}${separator}${options.tokenParam}=${encodeURIComponent(nextToken)}`
      : path;
    const response = await t.request<ResourcePage>('GET', url, options.admin ? { token } : {});
    expect(response.status).toBe(200);
    pages.push(response.body.resources);
    nextToken = response.body.next_token;
    if (pages.length > 50) throw new Error('paging never reached a last page');
  } while (nextToken !== null);
  return pages;
}

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

  it('never lists drafts, whatever the status parameter asks for', async () => {
    const published = await createResource();
    const draft = await createResource({ status: 'draft' });

    for (const query of ['', '?status=draft', '?status=all']) {
      const response = await t.request<ResourcePage>('GET', `/resources${query}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ resources: [summaryOf(published)], next_token: null });
    }
    expect((await findResourceRow(draft.id))?.status).toBe('draft');
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

  it.each([
    ['pageSize', 'abc'],
    ['pageSize', '0'],
    ['limit', '-1'],
    ['limit', '1.5'],
  ])('refuses %s=%j with 400 naming the parameter', async (name, value) => {
    const response = await t.request('GET', `/resources?${name}=${value}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: `${name} must be a positive whole number` });
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

  it('answers 404 with the error JSON for a draft and for an unknown slug', async () => {
    const draft = await createResource({ status: 'draft' });
    for (const slug of [draft.slug, 'no-such-resource']) {
      const response = await t.request('GET', `/resources/${slug}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Resource not found' });
    }
  });
});

describe('admin resources without a valid token', () => {
  it('refuses every call without a token with 401 and stores nothing', async () => {
    const resource = await createResource();
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/resources'],
      ['GET', `/admin/resources/${resource.id}`],
      ['POST', '/admin/resources', resourcePayload()],
      ['PUT', `/admin/resources/${resource.id}`, { ...resourcePayload({ slug: resource.slug, title: 'Hijacked' }), version: 1 }],
      ['DELETE', `/admin/resources/${resource.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
    }
    expect(await countResources()).toBe(1);
    expect(await findResourceRow(resource.id)).toEqual(resource);
  });

  it('refuses a malformed token with 401', async () => {
    const response = await t.request('POST', '/admin/resources', { token: 'not-a-token', body: resourcePayload() });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: 'INVALID_TOKEN',
      message: 'Your session has expired. Please sign in again.',
    });
    expect(await countResources()).toBe(0);
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

  const invalidPayloads: { name: string; change: (body: Record<string, unknown>) => void; message: string }[] = [
    { name: 'a missing title', change: (body) => delete body.title, message: 'Title is required' },
    { name: 'a blank title', change: (body) => (body.title = ' '), message: 'Title is required' },
    { name: 'a missing slug', change: (body) => delete body.slug, message: 'Slug is required' },
    { name: 'a missing content', change: (body) => delete body.content, message: 'Content is required' },
    { name: 'an unknown status', change: (body) => (body.status = 'hidden'), message: 'Status must be draft or published' },
    {
      name: 'a read time that is not a number',
      change: (body) => (body.read_time = 'five'),
      message: 'Read time must be a whole number of minutes',
    },
    {
      name: 'a fractional read time',
      change: (body) => (body.read_time = 1.5),
      message: 'Read time must be a whole number of minutes',
    },
    {
      name: 'a badly formed slug',
      change: (body) => (body.slug = '-leading-hyphen'),
      message: 'Slug may only contain lowercase letters, digits and single hyphens',
    },
    {
      name: 'a slug reserved by the site',
      change: (body) => (body.slug = 'admin'),
      message: 'Slug is reserved by the site; choose another',
    },
    {
      name: 'a cover image on another scheme',
      change: (body) => (body.cover_image = 'data:image/png;base64,AAAA'),
      message: 'Cover image must be an http(s) URL or a path on this site',
    },
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

  it('answers 415 for a body not declared as JSON and 400 for malformed JSON, storing nothing', async () => {
    const notJson = await t.request('POST', '/admin/resources', {
      token,
      rawBody: JSON.stringify(resourcePayload()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect(notJson.body).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as application/json',
    });

    const malformed = await t.request('POST', '/admin/resources', {
      token,
      rawBody: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'INVALID_JSON', message: 'The request body is not valid JSON' });
    expect(await countResources()).toBe(0);
  });

  it('refuses a body over 1 MB with 413 and stores nothing', async () => {
    const response = await t.request('POST', '/admin/resources', {
      token,
      body: resourcePayload({ content: 'x'.repeat(1100 * KB) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 1024 KB',
    });
    expect(await countResources()).toBe(0);
  });
});

describe('GET /api/admin/resources/{id}', () => {
  it('returns a draft with its content', async () => {
    const draft = await createResource({ status: 'draft' });
    const response = await t.request<ResourceJson>('GET', `/admin/resources/${draft.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(draft);
  });

  it('answers 404 for an unknown, malformed or out-of-range id', async () => {
    for (const id of ['999999', 'first', '2147483648']) {
      for (const method of ['GET', 'DELETE']) {
        const response = await t.request(method, `/admin/resources/${id}`, { token });
        expect(response.status, `${method} ${id}`).toBe(404);
        expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Resource not found' });
      }
    }
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

  it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
    const resource = await createResource();
    const first = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: resource.slug, title: 'First edit' }), version: 1 },
    });
    expect(first.status).toBe(200);
    const rowBefore = await findResourceRow(resource.id);

    const stale = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: resource.slug, title: 'Second edit', status: 'draft' }), version: 1 },
    });

    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'VERSION_CONFLICT',
      message:
        'This resource was changed by someone else. Reload it to see the latest version, then apply your changes again.',
    });
    expect(await findResourceRow(resource.id)).toEqual(rowBefore);
    expect(rowBefore).toMatchObject({ title: 'First edit', status: 'published', version: 2 });
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

  it('refuses an update without a version with 400 and changes nothing', async () => {
    const resource = await createResource();
    const response = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: resourcePayload({ slug: resource.slug, title: 'No version' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version is required' });
    expect(await findResourceRow(resource.id)).toEqual(resource);
  });

  it('answers 404 for an unknown resource', async () => {
    for (const id of ['999999', '2147483648']) {
      const response = await t.request('PUT', `/admin/resources/${id}`, {
        token,
        body: { ...resourcePayload(), version: 1 },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Resource not found' });
    }
    expect(await countResources()).toBe(0);
  });

  it('refuses a version beyond the stored range with 400 and changes nothing', async () => {
    const resource = await createResource();
    const response = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      body: { ...resourcePayload({ slug: resource.slug, title: 'Odd version' }), version: 2_147_483_648 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version must be a whole number' });
    expect(await findResourceRow(resource.id)).toEqual(resource);
  });
});

describe('DELETE /api/admin/resources/{id}', () => {
  it('deletes a resource with 204, then answers 404', async () => {
    const resource = await createResource();
    const kept = await createResource();

    const response = await t.request('DELETE', `/admin/resources/${resource.id}`, { token });

    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await findResourceRow(resource.id)).toBeUndefined();
    expect(await findResourceRow(kept.id)).toEqual(kept);

    for (const method of ['DELETE', 'GET']) {
      const again = await t.request(method, `/admin/resources/${resource.id}`, { token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'NOT_FOUND', message: 'Resource not found' });
    }
    expect((await t.request('GET', `/resources/${resource.slug}`)).status).toBe(404);
  });
});

describe('paging', () => {
  // 45 published resources over 15 distinct seconds, three per second, so that
  // ties on published_at fall across page boundaries and must be broken by id.
  async function createPagingResources(): Promise<ResourceSummaryJson[]> {
    const resources: ResourceSummaryJson[] = [];
    for (let i = 0; i < 45; i += 1) {
      const resource = await createResource();
      resources.push(summaryOf(await setPublishedAt(resource, BASE_TIME + ((i * 7) % 15))));
      if (i % 10 === 0) await createResource({ status: 'draft' });
    }
    return resources;
  }

  it('walks 45 published resources with nextToken: newest first, no duplicates, no gaps', async () => {
    const expected = (await createPagingResources()).sort(newestFirst);
    // The data must put equal published_at values on both sides of a page break.
    expect(expected[19]?.published_at).toBe(expected[20]?.published_at);
    expect(expected[39]?.published_at).toBe(expected[40]?.published_at);

    const pages = await walkPages('/resources', { tokenParam: 'nextToken' });

    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const walked = pages.flat();
    expect(new Set(ids(walked)).size).toBe(45);
    expect(walked).toEqual(expected);
  });

  it('takes the page size from limit as well as pageSize', async () => {
    const expected = (await createPagingResources()).sort(newestFirst);
    for (const query of ['limit=15', 'pageSize=15']) {
      const pages = await walkPages(`/resources?${query}`, { tokenParam: 'nextToken' });
      expect(pages.map((page) => page.length)).toEqual([15, 15, 15]);
      expect(pages.flat()).toEqual(expected);
    }
  });

  it('keeps the next page stable when resources are published between two requests', async () => {
    const expected = (await createPagingResources()).sort(newestFirst);

    const first = await t.request<ResourcePage>('GET', '/resources?pageSize=10');
    expect(ids(first.body.resources)).toEqual(ids(expected.slice(0, 10)));

    // A newer resource would shift an offset-based second page by one.
    const newest = await createResource();
    const second = await t.request<ResourcePage>(
      'GET',
      `/resources?pageSize=10&nextToken=${encodeURIComponent(first.body.next_token ?? '')}`,
    );
    expect(second.status).toBe(200);
    expect(ids(second.body.resources)).toEqual(ids(expected.slice(10, 20)));

    const rest = await walkPages('/resources?pageSize=10', {
      tokenParam: 'nextToken',
      startToken: second.body.next_token,
    });
    expect(ids(rest.flat())).toEqual(ids(expected.slice(20)));

    const fresh = await walkPages('/resources', { tokenParam: 'nextToken' });
    expect(ids(fresh.flat())).toEqual([newest.id, ...ids(expected)]);
  });

  it('pages within a category', async () => {
    const business: ResourceJson[] = [];
    for (let i = 0; i < 5; i += 1) {
      business.push(await createResource({ category_id: 'business' }));
      await createResource({ category_id: 'social' });
    }
    const pages = await walkPages('/resources?category=business&limit=2', { tokenParam: 'nextToken' });
    expect(pages.map(ids)).toEqual([
      [business[4]?.id, business[3]?.id],
      [business[2]?.id, business[1]?.id],
      [business[0]?.id],
    ]);
  });

  it('serves 20 resources by default and at most 100 per page', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      slug: `bulk-${i}`,
      title: `Bulk ${i}`,
      content: 'Body',
      status: 'published' as const,
      published_at: BASE_TIME + i,
      created_at: BASE_TIME + i,
      updated_at: BASE_TIME + i,
    }));
    await t.handle.db.insertInto('resources').values(rows).execute();

    const byDefault = await t.request<ResourcePage>('GET', '/resources');
    expect(byDefault.body.resources.map((resource) => resource.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `bulk-${104 - i}`),
    );

    const capped = await t.request<ResourcePage>('GET', '/resources?limit=500');
    expect(capped.status).toBe(200);
    expect(capped.body.resources).toHaveLength(100);
    const last = await t.request<ResourcePage>(
      'GET',
      `/resources?limit=500&nextToken=${encodeURIComponent(capped.body.next_token ?? '')}`,
    );
    expect(last.body.resources.map((resource) => resource.slug)).toEqual([
      'bulk-4',
      'bulk-3',
      'bulk-2',
      'bulk-1',
      'bulk-0',
    ]);
    expect(last.body.next_token).toBeNull();
  });

  it('refuses an invalid next_token with 400 INVALID_CURSOR', async () => {
    await createResource();
    for (const [path, options] of [
      ['/resources?nextToken=not-a-cursor', {}],
      [`/resources?nextToken=${Buffer.from('[1,0]').toString('base64url')}`, {}],
      [`/resources?nextToken=${Buffer.from('[1,2147483648]').toString('base64url')}`, {}],
      ['/admin/resources?next_token=not-a-cursor', { token }],
    ] as const) {
      const response = await t.request('GET', path, options);
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual({ error: 'INVALID_CURSOR', message: 'next_token is not a valid paging token' });
    }
  });

  it('lists drafts too in the admin list, paged with limit and next_token', async () => {
    const created: ResourceJson[] = [];
    for (let i = 0; i < 25; i += 1) created.push(await createResource({ status: i % 3 === 0 ? 'draft' : 'published' }));
    // Newest first: created one after another, so creation order reversed.
    const expected = created.map(summaryOf).reverse();

    const pages = await walkPages('/admin/resources?limit=10', { tokenParam: 'next_token', admin: true });

    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(expected);
    expect(pages.flat().filter((resource) => resource.status === 'draft')).toHaveLength(9);
  });
});
