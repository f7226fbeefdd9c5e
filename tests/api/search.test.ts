/**
 * GET /api/search: the site search over live posts and resources, on both
 * engines (the api-postgres project runs this file on PostgreSQL).
 */
import { Migrator, type Migration } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchPage, SearchResultJson } from '../../common/answers.ts';
import { migrationsFor } from '../../server/db/migrate.ts';
import { PUBLIC_READ_CACHE_CONTROL } from '../../server/http/public-reads.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { createPost } from '../helpers/posts.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

beforeEach(async () => {
  await t.handle.db.deleteFrom('posts').execute();
  await t.handle.db.deleteFrom('resources').execute();
  await t.handle.db.deleteFrom('content_slugs').execute();
});

let slugCounter = 0;
const nextSlug = (stem: string) => `${stem}-${(slugCounter += 1)}`;

interface Saved {
  id: number;
  slug: string;
  version: number;
}

/** A post published an hour ago that matches nothing a test searches for unless `fields` say so. */
const createPlainPost = (fields: Record<string, unknown> = {}) =>
  createPost<Saved>(t, {
    title: 'A plain project',
    slug: nextSlug('post'),
    excerpt: 'Nothing special here.',
    content: 'An ordinary review of an ordinary campaign.',
    published_at: nowSeconds() - 3600,
    category_ids: ['tech'],
    ...fields,
  });

async function createResource(fields: Record<string, unknown> = {}): Promise<Saved> {
  const response = await t.request<Saved>('POST', '/admin/resources', {
    token: await t.adminToken(),
    body: {
      title: 'A plain guide',
      slug: nextSlug('guide'),
      excerpt: 'Nothing special here.',
      content: 'An ordinary guide for ordinary campaign owners.',
      status: 'published',
      ...fields,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function search(q: string, extra = ''): Promise<SearchPage> {
  const response = await t.request<SearchPage>('GET', `/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const slugsOf = (page: SearchPage) => page.results.map((result) => result.slug);

describe('GET /api/search', () => {
  it('answers the results contract: type, slug, title, excerpt, snippet, published_at, then next_token', async () => {
    const publishedAt = nowSeconds() - 7200;
    const post = await createPlainPost({
      title: 'Lanternfish solar light',
      excerpt: 'A lantern for campers.',
      content: 'The lanternfish light charges in two hours.',
      published_at: publishedAt,
    });
    const response = await t.request<SearchPage>('GET', '/search?q=lanternfish');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(response.body).toEqual({
      results: [
        {
          type: 'post',
          slug: post.slug,
          title: 'Lanternfish solar light',
          excerpt: 'A lantern for campers.',
          snippet: 'The <mark>lanternfish</mark> light charges in two hours.',
          published_at: publishedAt,
          sponsored: false,
        },
      ],
      next_token: null,
    });
  });

  it('finds posts and resources alike, each with its type', async () => {
    const post = await createPlainPost({ title: 'Backpack with a quokka logo' });
    const resource = await createResource({ title: 'Quokka marketing guide' });
    const page = await search('quokka');
    expect(page.results.map((result) => [result.type, result.slug]).sort()).toEqual(
      [
        ['post', post.slug],
        ['resource', resource.slug],
      ].sort(),
    );
    const guide = page.results.find((result) => result.type === 'resource') as SearchResultJson;
    expect(guide.published_at).toBeGreaterThan(0);
    expect(guide.sponsored).toBe(false);
  });

  it('ranks a match in the title above one in the excerpt, above one in the body', async () => {
    const inBody = await createPlainPost({
      title: 'Camping kettle',
      excerpt: 'Boils water on a small flame.',
      content: 'It comes in a zanzibar green finish and folds flat.',
    });
    const inTitle = await createPlainPost({
      title: 'The zanzibar kettle',
      excerpt: 'Boils water on a small flame.',
      content: 'It comes in a dark green finish and folds flat.',
    });
    const inExcerpt = await createResource({
      title: 'Camping stove guide',
      excerpt: 'Choosing a zanzibar style burner.',
      content: 'It comes in a dark green finish and folds flat.',
    });
    expect(slugsOf(await search('zanzibar'))).toEqual([inTitle.slug, inExcerpt.slug, inBody.slug]);
  });

  it('matches the beginning of words: "kick" finds Kickstarter, whatever the case; "starter" does not', async () => {
    const post = await createPlainPost({ title: 'Kickstarter fees, explained', content: 'What Kickstarter keeps of every pledge.' });
    expect(slugsOf(await search('kick'))).toEqual([post.slug]);
    expect(slugsOf(await search('KICK'))).toEqual([post.slug]);
    expect(slugsOf(await search('starter'))).toEqual([]);
    expect((await search('kick')).results[0]?.snippet).toBe('What <mark>Kickstarter</mark> keeps of every pledge.');
  });

  it('needs every word of the query, each as a prefix', async () => {
    const both = await createPlainPost({ title: 'Modular synth kit', content: 'Patch cables included.' });
    await createPlainPost({ title: 'Modular shelf', content: 'Oak and steel.' });
    expect(slugsOf(await search('modul synth'))).toEqual([both.slug]);
    expect(slugsOf(await search('modular patch'))).toEqual([both.slug]);
    expect((await search('modular')).results).toHaveLength(2);
  });

  it('never finds drafts, scheduled items or deleted ones', async () => {
    const live = await createPlainPost({ title: 'Visible pangolin' });
    await createPlainPost({ title: 'Draft pangolin', status: 'draft', published_at: null });
    const scheduled = await createPlainPost({ title: 'Scheduled pangolin', published_at: nowSeconds() + 3600 });
    const deleted = await createPlainPost({ title: 'Deleted pangolin' });
    await createResource({ title: 'Draft pangolin guide', status: 'draft' });
    const deletedGuide = await createResource({ title: 'Deleted pangolin guide' });
    const token = await t.adminToken();
    expect((await t.request('DELETE', `/admin/posts/${deleted.id}`, { token })).status).toBe(204);
    expect((await t.request('DELETE', `/admin/resources/${deletedGuide.id}`, { token })).status).toBe(204);

    expect(slugsOf(await search('pangolin'))).toEqual([live.slug]);

    // A scheduled item is found once its time has come, with no write at that moment.
    await t.handle.db.updateTable('posts').set({ published_at: nowSeconds() - 1 }).where('id', '=', scheduled.id).execute();
    expect(slugsOf(await search('pangolin')).sort()).toEqual([live.slug, scheduled.slug].sort());
  });

  it('follows edits: a renamed item is found by its new title and no longer by its old one', async () => {
    const token = await t.adminToken();
    const post = await createPlainPost({ title: 'Quillfeather desk lamp' });
    const guide = await createResource({ title: 'Quillfeather pricing guide' });
    expect(slugsOf(await search('quillfeather')).sort()).toEqual([post.slug, guide.slug].sort());

    const editedPost = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { title: 'Marblewing desk lamp', slug: post.slug, content: 'Now brighter.', status: 'published', version: post.version },
    });
    expect(editedPost.status).toBe(200);
    const editedGuide = await t.request('PUT', `/admin/resources/${guide.id}`, {
      token,
      body: { title: 'Pricing guide', slug: guide.slug, content: 'All about marblewing prices.', status: 'published', version: guide.version },
    });
    expect(editedGuide.status).toBe(200);

    expect(slugsOf(await search('quillfeather'))).toEqual([]);
    expect(slugsOf(await search('marblewing'))).toEqual([post.slug, guide.slug]);

    // Unpublished again: gone from the results.
    const unpublished = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { title: 'Marblewing desk lamp', slug: post.slug, content: 'Now brighter.', status: 'draft', version: post.version + 1 },
    });
    expect(unpublished.status).toBe(200);
    expect(slugsOf(await search('marblewing'))).toEqual([guide.slug]);
  });

  it('pages through every result once, best first, with an opaque next_token and none after the last page', async () => {
    const created: string[] = [];
    // Equal texts give equal scores: ties across posts and resources must not repeat or skip.
    for (let i = 0; i < 4; i += 1) created.push((await createPlainPost({ title: 'Ocelot tripod', content: 'Same text.' })).slug);
    for (let i = 0; i < 3; i += 1) created.push((await createResource({ title: 'Ocelot tripod', content: 'Same text.' })).slug);
    created.push((await createPlainPost({ title: 'Ocelot', excerpt: 'Ocelot ocelot.', content: 'Ocelot, the ocelot tripod.' })).slug);

    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page: SearchPage = await search('ocelot', `&pageSize=3${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`);
      pages += 1;
      expect(page.results.length).toBeLessThanOrEqual(3);
      seen.push(...slugsOf(page));
      token = page.next_token;
      if (token) expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (token && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...created].sort());
    // The best match (the word in title, excerpt and body) comes first.
    expect(seen[0]).toBe(created[7]);
    // The other spelling of the parameter is read too.
    const first = await search('ocelot', '&limit=3');
    const second = await search('ocelot', `&limit=3&next_token=${encodeURIComponent(first.next_token ?? '')}`);
    expect(slugsOf(second)).toEqual(seen.slice(3, 6));
  });

  it('refuses an empty, blank, missing, over-long or wordless query with 400', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20%20', `/search?q=${'a'.repeat(201)}`, '/search?q=%21%2A%22%28']) {
      const response = await t.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.error).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(/^q /);
      expect(response.headers.get('cache-control')).toBeNull();
    }
    expect((await t.request('GET', `/search?q=${'a'.repeat(201)}`)).body.message).toBe('q must be at most 200 characters');
    expect((await t.request('GET', '/search?q=')).body.message).toMatch(/must not be empty/);
    expect((await t.request('GET', `/search?q=${'a'.repeat(200)}`)).status).toBe(200);
  });

  it('refuses a page token that is not one of its own', async () => {
    const response = await t.request('GET', '/search?q=lamp&nextToken=not-a-token');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('INVALID_CURSOR');
  });

  it('reads FTS operators and quotes as plain words, never as query syntax', async () => {
    const post = await createPlainPost({ title: 'Narwhal kit', content: 'Near the narwhal: OR, AND, NOT and NEAR are words here.' });
    for (const q of ['narwhal*', '"narwhal', 'narwhal OR zzz', 'title:narwhal', 'narwhal -kit', "narwhal'", '(narwhal) & !kit', 'narwhal:*', 'NEAR(narwhal kit)']) {
      const response = await t.request<SearchPage>('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect(slugsOf(await search('narwhal OR zzz'))).toEqual([]);
    expect(slugsOf(await search('"narwhal kit"'))).toEqual([post.slug]);
    expect(slugsOf(await search('NEAR AND'))).toEqual([post.slug]);
    expect(slugsOf(await search("narwhal'; drop table posts; --"))).toEqual([]);
    expect(slugsOf(await search('narwhal'))).toEqual([post.slug]);
  });

  it('highlights the matched words in the snippet and escapes everything else', async () => {
    await createPlainPost({
      title: 'Glimmerdust <b>tripod</b>',
      excerpt: 'Light & "steady".',
      content: 'Intro.\n\n<script>alert("glimmer")</script> The **Glimmerdust** tripod is [sturdy](https://example.com/glimmer).',
    });
    const [result] = (await search('glimmer')).results;
    expect(result?.snippet).toBe(
      'Intro. &lt;script&gt;alert(&quot;<mark>glimmer</mark>&quot;)&lt;/script&gt; The <mark>Glimmerdust</mark> tripod is sturdy.',
    );
    expect(result?.snippet).not.toContain('<script');
    // Title and excerpt are text, as everywhere in the API.
    expect(result?.title).toBe('Glimmerdust <b>tripod</b>');
    expect(result?.excerpt).toBe('Light & "steady".');
  });

  it('shows the part of a long body around the matches, marked, with ellipses where it was cut', async () => {
    const filler = (word: string) => Array.from({ length: 60 }, () => word).join(' ');
    await createPlainPost({ title: 'Capybara cooler', content: `${filler('alpha')} the capybara cooler keeps ice ${filler('omega')}` });
    const [result] = (await search('capybara')).results;
    expect(result?.snippet).toMatch(/^…alpha .*the <mark>capybara<\/mark> cooler keeps ice omega.*…$/);
    expect(result?.snippet.length).toBeLessThan(300);
  });

  it('falls back to the excerpt when only the title matched, and labels sponsored posts', async () => {
    await createPlainPost({ title: 'Axolotl aquarium', excerpt: 'A tank that cleans itself.', content: 'Filters and pumps.', sponsored: true });
    const [result] = (await search('axolotl')).results;
    expect(result?.snippet).toBe('A tank that cleans itself.');
    expect(result?.sponsored).toBe(true);
  });
});

describe('the search migration', () => {
  const m = useTestApp();

  it('indexes the posts and resources that existed before it', async () => {
    const { db, engine } = m.handle;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrationsFor(engine) },
    });
    const down = await migrator.migrateTo('2026-11-25-0009-sponsored-posts');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain('2026-11-25-0010-search');
    const now = nowSeconds();
    const row = { excerpt: null, content: 'Older text about a wombat.', status: 'published' as const, published_at: now - 60, created_at: now, updated_at: now };
    await db.insertInto('posts').values({ ...row, slug: 'old-wombat-post', title: 'Old post' }).execute();
    await db.insertInto('resources').values({ ...row, slug: 'old-wombat-guide', title: 'Old guide', category_id: null }).execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const response = await m.request<SearchPage>('GET', '/search?q=wombat');
    expect(response.status).toBe(200);
    expect(slugsOf(response.body).sort()).toEqual(['old-wombat-guide', 'old-wombat-post']);
    expect(response.body.results.every((result) => result.excerpt === null && result.snippet.includes('<mark>wombat</mark>'))).toBe(true);
  });
});
