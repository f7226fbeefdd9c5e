import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { PostJson, PostPage, PostSummaryJson } from '../../server/db/queries/posts.ts';
import { encodeCursor } from '../../server/db/paging.ts';
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

// Every test starts from an empty posts table, so lists can be asserted whole.
beforeEach(async () => {
  await t.handle.db.deleteFrom('posts').execute();
});

const KB = 1024;
// A fixed past instant for posts whose publication date the test chooses.
const BASE_TIME = 1_700_000_000;

const TECH = { category_id: 'tech', category: { id: 'tech', slug: 'technology', name: 'Technology' } };
const FUNDING = { category_id: 'funding', category: { id: 'funding', slug: 'funding', name: 'Funding' } };
const CREATIVE = {
  category_id: 'creative',
  category: { id: 'creative', slug: 'creative-projects', name: 'Creative Projects' },
};

let slugCounter = 0;
function uniqueSlug(stem = 'post'): string {
  slugCounter += 1;
  return `${stem}-${slugCounter}`;
}

function postPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const slug = uniqueSlug();
  return {
    title: `Project ${slug}`,
    slug,
    excerpt: 'A solar lantern that charges in two hours.',
    content: '# The lantern\n\nIt **glows** for a week.',
    cover_image: 'https://cdn.example.com/lantern.jpg',
    campaign_url: 'https://www.kickstarter.com/projects/lantern',
    status: 'published',
    read_time: 4,
    category_ids: ['tech'],
    ...overrides,
  };
}

async function createPost(overrides: Record<string, unknown> = {}): Promise<PostJson> {
  const response = await t.request<PostJson>('POST', '/admin/posts', { token, body: postPayload(overrides) });
  expect(response.status).toBe(201);
  return response.body;
}

function summaryOf(post: PostJson): PostSummaryJson {
  const { content: _content, ...summary } = post;
  return summary;
}

const findPostRow = (id: number) =>
  t.handle.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

async function categoryIdsInDb(postId: number): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('post_categories')
    .select('category_id')
    .where('post_id', '=', postId)
    .orderBy('category_id')
    .execute();
  return rows.map((row) => row.category_id);
}

async function countPosts(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const newestFirst = (a: PostSummaryJson, b: PostSummaryJson) =>
  (b.published_at ?? 0) - (a.published_at ?? 0) || b.id - a.id;

/** Follows next_token from the first page to the last; returns every page's posts. */
async function walkPages(
  path: string,
  options: { tokenParam: 'nextToken' | 'next_token'; admin?: boolean; startToken?: string | null },
): Promise<PostSummaryJson[][]> {
  const pages: PostSummaryJson[][] = [];
  let nextToken: string | null = options.startToken ?? null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = nextToken
      ? `${path}${separator}${options.tokenParam}=${encodeURIComponent(nextToken)}`
      : path;
    const response = await t.request<PostPage>('GET', url, options.admin ? { token } : {});
    expect(response.status).toBe(200);
    pages.push(response.body.posts);
    nextToken = response.body.next_token;
    if (pages.length > 50) throw new Error('paging never reached a last page');
  } while (nextToken !== null);
  return pages;
}

const ids = (posts: { id: number }[]) => posts.map((post) => post.id);

describe('GET /api/posts', () => {
  it('lists published posts newest first, with their categories and without content', async () => {
    const older = await createPost({ published_at: BASE_TIME, category_ids: ['tech'] });
    const newer = await createPost({ published_at: BASE_TIME + 60, category_ids: ['creative', 'funding'] });

    const response = await t.request<PostPage>('GET', '/posts');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ posts: [summaryOf(newer), summaryOf(older)], next_token: null });
    // Categories come in the site's order (funding before creative), each with its name.
    expect(response.body.posts[0]?.category_ids).toEqual(['funding', 'creative']);
    expect(response.body.posts[0]?.post_categories).toEqual([FUNDING, CREATIVE]);
    expect(response.body.posts[1]?.post_categories).toEqual([TECH]);
    for (const post of response.body.posts) expect(post).not.toHaveProperty('content');
  });

  it('never lists drafts, whatever the status parameter asks for', async () => {
    const published = await createPost({ published_at: BASE_TIME });
    const draft = await createPost({ status: 'draft' });
    // A draft given a publication date is still a draft.
    await createPost({ status: 'draft', published_at: BASE_TIME + 60 });

    for (const query of ['', '?status=draft', '?status=all', '?status=published']) {
      const response = await t.request<PostPage>('GET', `/posts${query}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ posts: [summaryOf(published)], next_token: null });
    }
    expect((await findPostRow(draft.id))?.status).toBe('draft');
  });

  it('filters by categoryId and finds nothing for an unknown category', async () => {
    const tech = await createPost({ published_at: BASE_TIME, category_ids: ['tech'] });
    const techAndFunding = await createPost({ published_at: BASE_TIME + 1, category_ids: ['funding', 'tech'] });
    await createPost({ published_at: BASE_TIME + 2, category_ids: ['funding'] });
    await createPost({ published_at: BASE_TIME + 3, category_ids: [] });
    await createPost({ status: 'draft', category_ids: ['tech'] });

    const techPosts = await t.request<PostPage>('GET', '/posts?categoryId=tech');
    expect(techPosts.status).toBe(200);
    expect(techPosts.body).toEqual({ posts: [summaryOf(techAndFunding), summaryOf(tech)], next_token: null });

    const unknown = await t.request<PostPage>('GET', '/posts?categoryId=gadgets');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ posts: [], next_token: null });
  });

  it('answers an empty list with a null next_token when nothing is published', async () => {
    await createPost({ status: 'draft' });
    const response = await t.request<PostPage>('GET', '/posts');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ posts: [], next_token: null });
  });

  it.each(['abc', '0', '-3', '2.5'])('refuses pageSize=%j with 400 naming the parameter', async (value) => {
    const response = await t.request('GET', `/posts?pageSize=${value}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'pageSize must be a positive whole number',
    });
  });
});

describe('GET /api/posts/{slug}', () => {
  it('returns a published post with its content and categories', async () => {
    const post = await createPost({ published_at: BASE_TIME, category_ids: ['tech', 'funding'] });

    const response = await t.request<PostJson>('GET', `/posts/${post.slug}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual(post);
    expect(response.body.content).toBe('# The lantern\n\nIt **glows** for a week.');
    expect(response.body.post_categories).toEqual([FUNDING, TECH]);
  });

  it('answers 404 with the error JSON for a draft', async () => {
    const draft = await createPost({ status: 'draft' });
    const response = await t.request('GET', `/posts/${draft.slug}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Post not found' });
  });

  it('answers 404 with the error JSON for an unknown slug', async () => {
    const response = await t.request('GET', '/posts/no-such-post');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Post not found' });
  });
});

describe('admin posts without a valid token', () => {
  it('refuses every call without a token with 401 and stores nothing', async () => {
    const post = await createPost();
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/posts'],
      ['GET', `/admin/posts/${post.id}`],
      ['POST', '/admin/posts', postPayload()],
      ['PUT', `/admin/posts/${post.id}`, { ...postPayload({ slug: post.slug, title: 'Hijacked' }), version: 1 }],
      ['DELETE', `/admin/posts/${post.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(await countPosts()).toBe(1);
    expect(await findPostRow(post.id)).toMatchObject({ title: post.title, version: 1 });
  });

  it('refuses a malformed or forged token with 401', async () => {
    const [header, payload, signature = ''] = token.split('.');
    const forgedSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const badToken of ['not-a-token', `${header}.${payload}.${forgedSignature}`]) {
      const response = await t.request('POST', '/admin/posts', { token: badToken, body: postPayload() });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'INVALID_TOKEN',
        message: 'Your session has expired. Please sign in again.',
      });
    }
    expect(await countPosts()).toBe(0);
  });
});

describe('POST /api/admin/posts', () => {
  it('creates a published post and sets published_at to the current time', async () => {
    const before = nowSeconds();
    const response = await t.request<PostJson>('POST', '/admin/posts', {
      token,
      body: {
        title: '  Solar Lantern  ',
        slug: 'solar-lantern',
        excerpt: 'Light for a week.',
        content: '# Lantern',
        cover_image: '/uploads/lantern.png',
        campaign_url: 'https://www.kickstarter.com/projects/lantern',
        status: 'published',
        read_time: 5,
        category_ids: ['tech'],
      },
    });
    const after = nowSeconds();

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      slug: 'solar-lantern',
      title: 'Solar Lantern',
      excerpt: 'Light for a week.',
      content: '# Lantern',
      cover_image: '/uploads/lantern.png',
      campaign_url: 'https://www.kickstarter.com/projects/lantern',
      status: 'published',
      read_time: 5,
      published_at: expect.any(Number),
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      version: 1,
      category_ids: ['tech'],
      post_categories: [TECH],
    });
    const post = response.body;
    expect(post.published_at).toBeGreaterThanOrEqual(before);
    expect(post.published_at).toBeLessThanOrEqual(after);
    expect(post.created_at).toBe(post.published_at);
    expect(post.updated_at).toBe(post.created_at);

    expect(await findPostRow(post.id)).toEqual({
      id: post.id,
      slug: 'solar-lantern',
      title: 'Solar Lantern',
      excerpt: 'Light for a week.',
      content: '# Lantern',
      cover_image: '/uploads/lantern.png',
      campaign_url: 'https://www.kickstarter.com/projects/lantern',
      status: 'published',
      read_time: 5,
      published_at: post.published_at,
      created_at: post.created_at,
      updated_at: post.updated_at,
      version: 1,
    });
    expect(await categoryIdsInDb(post.id)).toEqual(['tech']);
  });

  it('keeps the published_at the editor gives for a published post', async () => {
    const post = await createPost({ published_at: BASE_TIME });
    expect(post.published_at).toBe(BASE_TIME);
    expect((await findPostRow(post.id))?.published_at).toBe(BASE_TIME);
  });

  it('creates a draft with a null published_at', async () => {
    const post = await createPost({ status: 'draft' });
    expect(post.status).toBe('draft');
    expect(post.published_at).toBeNull();
    expect(await findPostRow(post.id)).toMatchObject({ status: 'draft', published_at: null });
  });

  it('stores empty optional fields as null and accepts a post without read time or categories', async () => {
    const response = await t.request<PostJson>('POST', '/admin/posts', {
      token,
      body: {
        title: 'Bare',
        slug: 'bare',
        content: 'Only the essentials.',
        status: 'draft',
        excerpt: '',
        cover_image: '   ',
        campaign_url: '',
      },
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      slug: 'bare',
      title: 'Bare',
      excerpt: null,
      content: 'Only the essentials.',
      cover_image: null,
      campaign_url: null,
      status: 'draft',
      read_time: null,
      published_at: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      version: 1,
      category_ids: [],
      post_categories: [],
    });
    expect(await findPostRow(response.body.id)).toMatchObject({
      excerpt: null,
      cover_image: null,
      campaign_url: null,
      read_time: null,
    });
    expect(await categoryIdsInDb(response.body.id)).toEqual([]);
  });

  const invalidPayloads: { name: string; change: (body: Record<string, unknown>) => void; message: string }[] = [
    { name: 'a missing title', change: (body) => delete body.title, message: 'Title is required' },
    { name: 'a blank title', change: (body) => (body.title = '   '), message: 'Title is required' },
    { name: 'a missing slug', change: (body) => delete body.slug, message: 'Slug is required' },
    { name: 'a missing content', change: (body) => delete body.content, message: 'Content is required' },
    { name: 'an empty content', change: (body) => (body.content = ''), message: 'Content is required' },
    { name: 'a missing status', change: (body) => delete body.status, message: 'Status must be draft or published' },
    { name: 'an unknown status', change: (body) => (body.status = 'archived'), message: 'Status must be draft or published' },
    {
      name: 'a campaign URL that is not a URL',
      change: (body) => (body.campaign_url = 'my campaign'),
      message: 'Campaign URL must be a valid http(s) URL',
    },
    {
      name: 'a campaign URL that is not http(s)',
      change: (body) => (body.campaign_url = 'javascript:alert(1)'),
      message: 'Campaign URL must be a valid http(s) URL',
    },
    {
      name: 'a fractional read time',
      change: (body) => (body.read_time = 2.5),
      message: 'Read time must be a whole number of minutes',
    },
    {
      name: 'a read time sent as text',
      change: (body) => (body.read_time = '5'),
      message: 'Read time must be a whole number of minutes',
    },
    {
      name: 'a negative read time',
      change: (body) => (body.read_time = -1),
      message: 'Read time must be a whole number of minutes',
    },
    {
      name: 'a slug with capitals and spaces',
      change: (body) => (body.slug = 'Solar Lantern'),
      message: 'Slug may only contain lowercase letters, digits and single hyphens',
    },
    {
      name: 'a slug with a double hyphen',
      change: (body) => (body.slug = 'solar--lantern'),
      message: 'Slug may only contain lowercase letters, digits and single hyphens',
    },
    {
      name: 'a slug reserved by the site',
      change: (body) => (body.slug = 'resources'),
      message: 'Slug is reserved by the site; choose another',
    },
    {
      name: 'a cover image that is neither a URL nor a site path',
      change: (body) => (body.cover_image = 'javascript:alert(1)'),
      message: 'Cover image must be an http(s) URL or a path on this site',
    },
    {
      name: 'a title over 300 characters',
      change: (body) => (body.title = 'T'.repeat(301)),
      message: 'Title must be at most 300 characters',
    },
    {
      name: 'a published_at in milliseconds',
      change: (body) => (body.published_at = 1_700_000_000_000),
      message: 'Published at must be a Unix time in seconds',
    },
    {
      name: 'categories that are not a list',
      change: (body) => (body.category_ids = 'tech'),
      message: 'Category ids must be a list',
    },
    {
      name: 'an unknown category',
      change: (body) => (body.category_ids = ['tech', 'gadgets']),
      message: 'category_ids: unknown category "gadgets"',
    },
  ];

  it.each(invalidPayloads)('refuses $name with 400 and stores nothing', async ({ change, message }) => {
    const body = postPayload();
    change(body);

    const response = await t.request('POST', '/admin/posts', { token, body });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await countPosts()).toBe(0);
  });

  it('refuses a slug already used by another post with 409 SLUG_TAKEN', async () => {
    const first = await createPost();

    const response = await t.request('POST', '/admin/posts', {
      token,
      body: postPayload({ slug: first.slug, title: 'Copycat' }),
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'SLUG_TAKEN',
      message: `Slug "${first.slug}" is already used by another post or resource`,
    });
    expect(await countPosts()).toBe(1);
  });

  it('refuses a slug already used by a resource with 409 SLUG_TAKEN', async () => {
    const slug = uniqueSlug('guide');
    const resource = await t.request('POST', '/admin/resources', {
      token,
      body: { title: 'A guide', slug, content: 'Read me.' },
    });
    expect(resource.status).toBe(201);

    const response = await t.request('POST', '/admin/posts', { token, body: postPayload({ slug }) });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'SLUG_TAKEN',
      message: `Slug "${slug}" is already used by another post or resource`,
    });
    expect(await countPosts()).toBe(0);
  });

  it('answers 415 for a body not declared as JSON and stores nothing', async () => {
    const response = await t.request('POST', '/admin/posts', {
      token,
      rawBody: JSON.stringify(postPayload()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as application/json',
    });
    expect(await countPosts()).toBe(0);
  });

  it('answers 400 for malformed JSON and stores nothing', async () => {
    const response = await t.request('POST', '/admin/posts', {
      token,
      rawBody: '{"title": "Broken",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'INVALID_JSON', message: 'The request body is not valid JSON' });
    expect(await countPosts()).toBe(0);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const response = await t.request('POST', '/admin/posts', { token, body: [postPayload()] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'INVALID_JSON', message: 'The request body must be a JSON object' });
    expect(await countPosts()).toBe(0);
  });

  it('refuses a body over 1 MB with 413 and stores nothing', async () => {
    const response = await t.request('POST', '/admin/posts', {
      token,
      body: postPayload({ content: 'x'.repeat(1100 * KB) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 1024 KB',
    });
    expect(await countPosts()).toBe(0);
  });

  it('accepts an article larger than the 100 KB limit of other calls', async () => {
    const content = 'word '.repeat(40 * KB);
    const post = await createPost({ content });
    expect(post.content).toBe(content.trim());
    expect((await findPostRow(post.id))?.content).toHaveLength(content.trim().length);
  });
});

describe('GET /api/admin/posts/{id}', () => {
  it('returns a draft with its content', async () => {
    const draft = await createPost({ status: 'draft', category_ids: ['creative'] });
    const response = await t.request<PostJson>('GET', `/admin/posts/${draft.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(draft);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for an unknown, malformed or out-of-range id', async () => {
    for (const id of ['999999', 'abc', '0', '2147483648', '99999999999999999999']) {
      for (const method of ['GET', 'DELETE']) {
        const response = await t.request(method, `/admin/posts/${id}`, { token });
        expect(response.status, `${method} ${id}`).toBe(404);
        expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Post not found' });
      }
    }
  });
});

describe('PUT /api/admin/posts/{id}', () => {
  it('updates a post with the current version, bumps the version and keeps published_at', async () => {
    const post = await createPost({ published_at: BASE_TIME, category_ids: ['tech'] });
    const before = nowSeconds();

    const response = await t.request<PostJson>('PUT', `/admin/posts/${post.id}`, {
      token,
      body: {
        title: 'Solar Lantern v2',
        slug: 'solar-lantern-v2',
        excerpt: 'Now twice as bright.',
        content: 'New text.',
        cover_image: 'https://cdn.example.com/v2.jpg',
        campaign_url: 'https://www.indiegogo.com/projects/lantern',
        status: 'published',
        read_time: 7,
        category_ids: ['creative'],
        version: 1,
      },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: post.id,
      slug: 'solar-lantern-v2',
      title: 'Solar Lantern v2',
      excerpt: 'Now twice as bright.',
      content: 'New text.',
      cover_image: 'https://cdn.example.com/v2.jpg',
      campaign_url: 'https://www.indiegogo.com/projects/lantern',
      status: 'published',
      read_time: 7,
      published_at: BASE_TIME,
      created_at: post.created_at,
      updated_at: expect.any(Number),
      version: 2,
      category_ids: ['creative'],
      post_categories: [CREATIVE],
    });
    expect(response.body.updated_at).toBeGreaterThanOrEqual(before);
    expect(await findPostRow(post.id)).toMatchObject({
      slug: 'solar-lantern-v2',
      title: 'Solar Lantern v2',
      published_at: BASE_TIME,
      version: 2,
    });
    expect(await categoryIdsInDb(post.id)).toEqual(['creative']);
  });

  it('publishing a draft sets published_at to the current time', async () => {
    const draft = await createPost({ status: 'draft' });
    const before = nowSeconds();

    const response = await t.request<PostJson>('PUT', `/admin/posts/${draft.id}`, {
      token,
      body: { ...postPayload({ slug: draft.slug, status: 'published' }), version: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body.status).toBe('published');
    expect(response.body.published_at).toBeGreaterThanOrEqual(before);
    expect(response.body.published_at).toBeLessThanOrEqual(nowSeconds());
    expect((await findPostRow(draft.id))?.published_at).toBe(response.body.published_at);
    expect((await t.request('GET', `/posts/${draft.slug}`)).status).toBe(200);
  });

  it('unpublishing a post removes it from the public site', async () => {
    const post = await createPost({ published_at: BASE_TIME });

    const response = await t.request<PostJson>('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...postPayload({ slug: post.slug, status: 'draft' }), version: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body.status).toBe('draft');
    expect((await findPostRow(post.id))?.status).toBe('draft');
    expect((await t.request('GET', `/posts/${post.slug}`)).status).toBe(404);
    expect((await t.request<PostPage>('GET', '/posts')).body).toEqual({ posts: [], next_token: null });
  });

  it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
    const post = await createPost({ category_ids: ['tech'] });
    const first = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...postPayload({ slug: post.slug, title: 'First edit', category_ids: ['funding'] }), version: 1 },
    });
    expect(first.status).toBe(200);
    const rowBefore = await findPostRow(post.id);

    const stale = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...postPayload({ slug: post.slug, title: 'Second edit', category_ids: ['creative'] }), version: 1 },
    });

    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'VERSION_CONFLICT',
      message: 'This post was changed by someone else. Reload it to see the latest version, then apply your changes again.',
    });
    expect(await findPostRow(post.id)).toEqual(rowBefore);
    expect(rowBefore).toMatchObject({ title: 'First edit', version: 2 });
    expect(await categoryIdsInDb(post.id)).toEqual(['funding']);
  });

  it('saving a post under its own slug is not a conflict', async () => {
    const post = await createPost();
    const response = await t.request<PostJson>('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...postPayload({ slug: post.slug, title: 'Same slug' }), version: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ slug: post.slug, title: 'Same slug', version: 2 });
  });

  it('refuses a slug used by another post or a resource with 409 and changes nothing', async () => {
    const other = await createPost();
    const post = await createPost();
    const resourceSlug = uniqueSlug('guide');
    const resource = await t.request('POST', '/admin/resources', {
      token,
      body: { title: 'A guide', slug: resourceSlug, content: 'Read me.' },
    });
    expect(resource.status).toBe(201);
    const rowBefore = await findPostRow(post.id);

    for (const slug of [other.slug, resourceSlug]) {
      const response = await t.request('PUT', `/admin/posts/${post.id}`, {
        token,
        body: { ...postPayload({ slug }), version: 1 },
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'SLUG_TAKEN',
        message: `Slug "${slug}" is already used by another post or resource`,
      });
    }
    expect(await findPostRow(post.id)).toEqual(rowBefore);
  });

  it('refuses an unknown category with 400 and changes nothing', async () => {
    const post = await createPost({ category_ids: ['tech'] });
    const rowBefore = await findPostRow(post.id);

    const response = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...postPayload({ slug: post.slug, category_ids: ['gadgets'] }), version: 1 },
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'category_ids: unknown category "gadgets"' });
    expect(await findPostRow(post.id)).toEqual(rowBefore);
    expect(await categoryIdsInDb(post.id)).toEqual(['tech']);
  });

  it('refuses an update without a version with 400', async () => {
    const post = await createPost();
    const response = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: postPayload({ slug: post.slug, title: 'No version' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version is required' });
    expect((await findPostRow(post.id))?.title).toBe(post.title);
  });

  it('answers 404 for an unknown post', async () => {
    for (const id of ['999999', '2147483648']) {
      const response = await t.request('PUT', `/admin/posts/${id}`, {
        token,
        body: { ...postPayload(), version: 1 },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Post not found' });
    }
    expect(await countPosts()).toBe(0);
  });

  it('refuses a version that is not a whole number in range with 400 and changes nothing', async () => {
    const post = await createPost();
    for (const version of [1.5, -1, 2_147_483_648]) {
      const response = await t.request('PUT', `/admin/posts/${post.id}`, {
        token,
        body: { ...postPayload({ slug: post.slug, title: 'Odd version' }), version },
      });
      expect(response.status, String(version)).toBe(400);
      expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version must be a whole number' });
    }
    expect(await findPostRow(post.id)).toMatchObject({ title: post.title, version: 1 });
  });
});

describe('DELETE /api/admin/posts/{id}', () => {
  it('deletes a post and its category links with 204, then answers 404', async () => {
    const post = await createPost({ category_ids: ['tech', 'funding'] });
    const kept = await createPost();

    const response = await t.request('DELETE', `/admin/posts/${post.id}`, { token });

    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await findPostRow(post.id)).toBeUndefined();
    expect(await categoryIdsInDb(post.id)).toEqual([]);
    expect(await findPostRow(kept.id)).toMatchObject({ id: kept.id });

    for (const [method, path] of [
      ['DELETE', `/admin/posts/${post.id}`],
      ['GET', `/admin/posts/${post.id}`],
    ] as const) {
      const again = await t.request(method, path, { token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'NOT_FOUND', message: 'Post not found' });
    }
    expect((await t.request('GET', `/posts/${post.slug}`)).status).toBe(404);
  });
});

describe('paging', () => {
  // 45 published posts over 15 distinct seconds, three per second, so that
  // ties on published_at fall across page boundaries and must be broken by id.
  async function createPagingPosts(): Promise<PostJson[]> {
    const posts: PostJson[] = [];
    for (let i = 0; i < 45; i += 1) {
      posts.push(await createPost({ published_at: BASE_TIME + ((i * 7) % 15), category_ids: [] }));
      if (i % 10 === 0) await createPost({ status: 'draft', category_ids: [] });
    }
    return posts;
  }

  it('walks 45 published posts with next_token: newest first, no duplicates, no gaps', async () => {
    const created = await createPagingPosts();
    const expected = created.map(summaryOf).sort(newestFirst);
    // The data must put equal published_at values on both sides of a page break.
    expect(expected[19]?.published_at).toBe(expected[20]?.published_at);
    expect(expected[39]?.published_at).toBe(expected[40]?.published_at);

    const pages = await walkPages('/posts', { tokenParam: 'nextToken' });

    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const walked = pages.flat();
    expect(new Set(ids(walked)).size).toBe(45);
    expect(walked).toEqual(expected);
  });

  it('ends with a null next_token when the last page is exactly full', async () => {
    await createPagingPosts();
    const pages = await walkPages('/posts?pageSize=15', { tokenParam: 'nextToken' });
    expect(pages.map((page) => page.length)).toEqual([15, 15, 15]);
  });

  it('keeps the next page stable when posts are published between two requests', async () => {
    const created = await createPagingPosts();
    const expected = created.map(summaryOf).sort(newestFirst);

    const first = await t.request<PostPage>('GET', '/posts?pageSize=10');
    expect(ids(first.body.posts)).toEqual(ids(expected.slice(0, 10)));

    // A newer post would shift an offset-based second page by one.
    const newest = await createPost({ category_ids: [] });
    const second = await t.request<PostPage>(
      'GET',
      `/posts?pageSize=10&nextToken=${encodeURIComponent(first.body.next_token ?? '')}`,
    );
    expect(second.status).toBe(200);
    expect(ids(second.body.posts)).toEqual(ids(expected.slice(10, 20)));
    expect(ids(second.body.posts)).not.toContain(newest.id);

    // An older one lands where it belongs, on a later page.
    const older = await createPost({ published_at: BASE_TIME - 1, category_ids: [] });
    const rest = await walkPages('/posts?pageSize=10', {
      tokenParam: 'nextToken',
      startToken: second.body.next_token,
    });
    expect(ids(rest.flat())).toEqual([...ids(expected.slice(20)), older.id]);

    const fresh = await walkPages('/posts', { tokenParam: 'nextToken' });
    expect(ids(fresh.flat())).toEqual([newest.id, ...ids(expected), older.id]);
  });

  it('pages within a category', async () => {
    const tech: PostJson[] = [];
    for (let i = 0; i < 5; i += 1) {
      tech.push(await createPost({ published_at: BASE_TIME, category_ids: ['tech'] }));
      await createPost({ published_at: BASE_TIME, category_ids: ['funding'] });
    }
    const pages = await walkPages('/posts?categoryId=tech&pageSize=2', { tokenParam: 'nextToken' });
    expect(pages.map(ids)).toEqual([
      [tech[4]?.id, tech[3]?.id],
      [tech[2]?.id, tech[1]?.id],
      [tech[0]?.id],
    ]);
  });

  it('serves 20 posts by default and at most 100 per page', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      slug: `bulk-${i}`,
      title: `Bulk ${i}`,
      content: 'Body',
      status: 'published' as const,
      published_at: BASE_TIME + i,
      created_at: BASE_TIME + i,
      updated_at: BASE_TIME + i,
    }));
    await t.handle.db.insertInto('posts').values(rows).execute();

    const byDefault = await t.request<PostPage>('GET', '/posts');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.posts.map((post) => post.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `bulk-${104 - i}`),
    );

    const capped = await t.request<PostPage>('GET', '/posts?pageSize=1000');
    expect(capped.status).toBe(200);
    expect(capped.body.posts).toHaveLength(100);
    expect(capped.body.posts.at(-1)?.slug).toBe('bulk-5');

    const last = await t.request<PostPage>(
      'GET',
      `/posts?pageSize=1000&nextToken=${encodeURIComponent(capped.body.next_token ?? '')}`,
    );
    expect(last.body.posts.map((post) => post.slug)).toEqual(['bulk-4', 'bulk-3', 'bulk-2', 'bulk-1', 'bulk-0']);
    expect(last.body.next_token).toBeNull();
  });

  it('refuses an invalid next_token with 400 INVALID_CURSOR', async () => {
    await createPost();
    const badTokens = [
      'garbage',
      Buffer.from('{"published_at":1}').toString('base64url'),
      Buffer.from('[1700000000.5,3]').toString('base64url'),
      Buffer.from('[1700000000,-3]').toString('base64url'),
      Buffer.from('[1700000000,2147483648]').toString('base64url'),
      'A'.repeat(201),
    ];
    for (const bad of badTokens) {
      for (const [path, options] of [
        [`/posts?nextToken=${bad}`, {}],
        [`/admin/posts?next_token=${bad}`, { token }],
      ] as const) {
        const response = await t.request('GET', path, options);
        expect(response.status, path).toBe(400);
        expect(response.body).toEqual({ error: 'INVALID_CURSOR', message: 'next_token is not a valid paging token' });
      }
    }
  });

  it('accepts a well-formed token for a position that no longer exists', async () => {
    const post = await createPost({ published_at: BASE_TIME });
    const cursor = encodeCursor({ key: BASE_TIME + 1, id: 1 });
    const response = await t.request<PostPage>('GET', `/posts?nextToken=${cursor}`);
    expect(response.status).toBe(200);
    expect(ids(response.body.posts)).toEqual([post.id]);
  });

  it('lists drafts too in the admin list, paged with limit and next_token', async () => {
    const created: PostJson[] = [];
    for (let i = 0; i < 25; i += 1) {
      created.push(
        await createPost({ status: i % 2 === 0 ? 'draft' : 'published', published_at: BASE_TIME + i, category_ids: ['tech'] }),
      );
    }
    // Newest first: created one after another, so creation order reversed.
    const expected = created.map(summaryOf).reverse();

    const pages = await walkPages('/admin/posts?limit=10', { tokenParam: 'next_token', admin: true });

    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(expected);
    expect(pages.flat().filter((post) => post.status === 'draft')).toHaveLength(13);
  });

  it('serves the admin list 20 at a time by default', async () => {
    for (let i = 0; i < 21; i += 1) await createPost({ status: 'draft', category_ids: [] });
    const response = await t.request<PostPage>('GET', '/admin/posts', { token });
    expect(response.status).toBe(200);
    expect(response.body.posts).toHaveLength(20);
    expect(typeof response.body.next_token).toBe('string');
  });
});
