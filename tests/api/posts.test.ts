import { beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { PostJson, PostPage } from '../../common/answers.ts';
import { ADMIN_EMAIL, useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, contentHelpers, POST_KIND, summaryOf, uniqueSlug } from './content-kinds.ts';

const t = useTestApp();
const { payload: postPayload, findRow: findPostRow, count: countPosts, create } = contentHelpers<PostJson>(t, POST_KIND);
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const createPost = (overrides: Record<string, unknown> = {}) => create(overrides);

const TECH = { category_id: 'tech', category: { id: 'tech', slug: 'technology', name: 'Technology' } };
const FUNDING = { category_id: 'funding', category: { id: 'funding', slug: 'funding', name: 'Funding' } };
const CREATIVE = {
  category_id: 'creative',
  category: { id: 'creative', slug: 'creative-projects', name: 'Creative Projects' },
};

async function categoryIdsInDb(postId: number): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('post_categories')
    .select('category_id')
    .where('post_id', '=', postId)
    .orderBy('category_id')
    .execute();
  return rows.map((row) => row.category_id);
}

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
      author_id: expect.any(Number),
      author: null,
      title: 'Solar Lantern',
      excerpt: 'Light for a week.',
      content: '# Lantern',
      cover_image: '/uploads/lantern.png',
      campaign_url: 'https://www.kickstarter.com/projects/lantern',
      campaign: null,
      sponsored: false,
      sponsored_submission_id: null,
      pinned: false,
      review: null,
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

    const owner = await t.handle.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(await findPostRow(post.id)).toEqual({
      id: post.id,
      slug: 'solar-lantern',
      created_by: owner.id,
      author_id: owner.id,
      title: 'Solar Lantern',
      excerpt: 'Light for a week.',
      content: '# Lantern',
      cover_image: '/uploads/lantern.png',
      campaign_url: 'https://www.kickstarter.com/projects/lantern',
      sponsored: 0,
      sponsored_submission_id: null,
      pinned: 0,
      review: null,
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
      author_id: expect.any(Number),
      author: null,
      title: 'Bare',
      excerpt: null,
      content: 'Only the essentials.',
      cover_image: null,
      campaign_url: null,
      campaign: null,
      sponsored: false,
      sponsored_submission_id: null,
      pinned: false,
      review: null,
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

  // The refusals both kinds share are in content.test.ts.
  const invalidPayloads: { name: string; change: (body: Record<string, unknown>) => void; message: string }[] = [
    { name: 'a missing status', change: (body) => delete body.status, message: 'Status must be draft or published' },
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
      name: 'a published_at in milliseconds',
      change: (body) => (body.published_at = 1_700_000_000_000),
      message: 'Published at must be a Unix time in seconds',
    },
    { name: 'categories that are not a list', change: (body) => (body.category_ids = 'tech'), message: 'Category ids must be a list' },
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
      author_id: expect.any(Number),
      author: null,
      title: 'Solar Lantern v2',
      excerpt: 'Now twice as bright.',
      content: 'New text.',
      cover_image: 'https://cdn.example.com/v2.jpg',
      campaign_url: 'https://www.indiegogo.com/projects/lantern',
      campaign: null,
      sponsored: false,
      sponsored_submission_id: null,
      pinned: false,
      review: null,
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

  it('keeps the categories of the saved version when a stale edit is refused', async () => {
    const post = await createPost({ category_ids: ['tech'] });
    const edit = (title: string, categoryId: string) =>
      t.request('PUT', `/admin/posts/${post.id}`, {
        token,
        body: { ...postPayload({ slug: post.slug, title, category_ids: [categoryId] }), version: 1 },
      });
    expect((await edit('First edit', 'funding')).status).toBe(200);
    expect((await edit('Second edit', 'creative')).status).toBe(409);
    expect(await categoryIdsInDb(post.id)).toEqual(['funding']);
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

});

describe('the pin to the home page', () => {
  it('is set and taken off by an edit, kept by one that leaves it out, and refused when not true or false', async () => {
    const created = await createPost({ pinned: true });
    expect(created.pinned).toBe(true);
    expect((await findPostRow(created.id))?.pinned).toBe(1);

    const { pinned: _pinned, ...withoutPin } = created;
    const kept = await t.request<PostJson>('PUT', `/admin/posts/${created.id}`, { token, body: { ...withoutPin, title: 'Renamed' } });
    expect(kept.status).toBe(200);
    expect(kept.body.pinned).toBe(true);

    const unpinned = await t.request<PostJson>('PUT', `/admin/posts/${created.id}`, { token, body: { ...kept.body, pinned: false } });
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.pinned).toBe(false);
    expect((await findPostRow(created.id))?.pinned).toBe(0);

    const refused = await t.request('PUT', `/admin/posts/${created.id}`, { token, body: { ...unpinned.body, pinned: 'yes' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('Pinned must be true or false') });
    expect((await findPostRow(created.id))?.version).toBe(unpinned.body.version);
  });

  it('lists only the pinned posts for the home page, newest first', async () => {
    const older = await createPost({ pinned: true, published_at: BASE_TIME - 7200 });
    const newer = await createPost({ pinned: true, published_at: BASE_TIME - 3600 });
    await createPost({ published_at: BASE_TIME - 1800 });
    const page = await t.services.posts.listPublished({ pinned: true, pageSize: 20, nextToken: null });
    const slugs = page.posts.map((post) => post.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    expect(page.posts.every((post) => post.pinned)).toBe(true);
  });
});

describe('DELETE /api/admin/posts/{id}', () => {
  it('deletes the category links of a post with the post', async () => {
    const post = await createPost({ category_ids: ['tech', 'funding'] });
    expect((await t.request('DELETE', `/admin/posts/${post.id}`, { token })).status).toBe(204);
    expect(await categoryIdsInDb(post.id)).toEqual([]);
  });
});

describe('bylines', () => {
  const JO_MARSH = { name: 'Jo Marsh', slug: 'jo-marsh', url: '/author/jo-marsh', avatar: null };
  const nameOwner = async (name: string) => {
    const saved = await t.request('PUT', '/admin/account/profile', { token, body: { name, email: ADMIN_EMAIL } });
    expect(saved.status).toBe(200);
  };

  it('names the member of staff who created a post, by the name on their account and never their address', async () => {
    await nameOwner('');
    const unnamed = await createPost({ published_at: BASE_TIME });
    expect(unnamed.author).toBeNull();
    expect((await t.request<PostJson>('GET', `/posts/${unnamed.slug}`)).body.author).toBeNull();

    await nameOwner('Jo Marsh');
    const named = await createPost({ published_at: BASE_TIME + 1 });
    const one = await t.request<PostJson>('GET', `/posts/${named.slug}`);
    expect(one.status).toBe(200);
    expect(one.body.author).toEqual(JO_MARSH);
    const list = await t.request<PostPage>('GET', '/posts');
    expect(list.body.posts.map((post) => post.author)).toEqual([JO_MARSH, JO_MARSH]);
    for (const answer of [one, list]) expect(JSON.stringify(answer.body)).not.toContain(ADMIN_EMAIL);

    // The byline follows the account: a post made before the name was set shows it now.
    expect((await t.request<PostJson>('GET', `/posts/${unnamed.slug}`)).body.author).toEqual(JO_MARSH);
    await nameOwner('');
    expect((await t.request<PostJson>('GET', `/posts/${named.slug}`)).body.author).toBeNull();
  });

  it('names no one for a post whose creator was removed', async () => {
    const editor = { email: 'byline-editor@example.com', password: 'a long password for bylines' };
    await t.createUserWithRole(editor.email, editor.password, 'editor');
    const user = await t.handle.db.selectFrom('users').select('id').where('email', '=', editor.email).executeTakeFirstOrThrow();
    const signedIn = await t.login(editor.email, editor.password);
    await t.request('PUT', '/admin/account/profile', { token: signedIn.access_token, body: { name: 'Sam Reed', email: editor.email } });
    const made = await t.request<PostJson>('POST', '/admin/posts', { token: signedIn.access_token, body: postPayload({ published_at: BASE_TIME }) });
    expect(made.status).toBe(201);
    expect(made.body.author).toEqual({ name: 'Sam Reed', slug: 'sam-reed', url: '/author/sam-reed', avatar: null });

    const removed = await t.request('DELETE', `/admin/users/${user.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await t.request<PostJson>('GET', `/posts/${made.body.slug}`)).body.author).toBeNull();
  });
});
