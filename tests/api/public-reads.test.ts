import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { nowSeconds, openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { PUBLIC_READ_CACHE_CONTROL } from '../../server/http/public-reads.ts';
import { DEFAULT_RESPONSE_CACHE_OPTIONS, ResponseCache } from '../../server/http/response-cache.ts';
import { freePort } from '../helpers/free-port.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let cachedApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.handle.db.deleteFrom('posts').execute();
  // A fresh cache per test; the fingerprint is read before every answer so a
  // change made straight in the database is seen at once.
  cachedApp = createApp(t.deps, {
    publicReadCache: new ResponseCache(t.deps, {
      ...DEFAULT_RESPONSE_CACHE_OPTIONS,
      checkIntervalMs: 0,
      writeSettleMs: 0,
    }),
  });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  cachedApp.request(`http://localhost/api${path}`, { headers });

let slugCounter = 0;
async function createPublishedPost(title: string) {
  slugCounter += 1;
  const response = await t.request('POST', '/admin/posts', {
    token,
    body: { title, slug: `cached-${slugCounter}`, content: 'Text.', status: 'published', published_at: nowSeconds() },
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; slug: string; version: number };
}

const titles = async (response: Response) =>
  ((await response.json()) as { posts: { title: string }[] }).posts.map((post) => post.title);

describe('public API reads', () => {
  it('are marked shareable for a CDN, while admin answers stay private', async () => {
    const list = await t.request('GET', '/posts');
    expect(list.headers.get('cache-control')).toBe(PUBLIC_READ_CACHE_CONTROL);
    const categories = await t.request('GET', '/categories');
    expect(categories.headers.get('cache-control')).toBe(PUBLIC_READ_CACHE_CONTROL);
    const admin = await t.request('GET', '/admin/posts', { token });
    expect(admin.headers.get('cache-control')).toBe('no-store');
  });

  it('never marks a missing post as shareable', async () => {
    const response = await t.request('GET', '/posts/no-such-post');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('carry an ETag and answer 304 when the client already has that version', async () => {
    await createPublishedPost('First cached post');
    const first = await get('/posts');
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^".+"$/);
    expect(await titles(first)).toEqual(['First cached post']);

    const again = await get('/posts', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('show an admin edit at once on the next read', async () => {
    const post = await createPublishedPost('Before the edit');
    expect(await titles(await get('/posts'))).toEqual(['Before the edit']);

    const edit = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { title: 'After the edit', slug: post.slug, content: 'Text.', status: 'published', version: post.version },
    });
    expect(edit.status).toBe(200);

    expect(await titles(await get('/posts'))).toEqual(['After the edit']);
  });

  it('notice a change made by another server through the content fingerprint', async () => {
    const post = await createPublishedPost('Seen by every server');
    expect(await titles(await get('/posts'))).toEqual(['Seen by every server']);

    // Another app server writes to the shared database: no local write count moves.
    await t.handle.db
      .updateTable('posts')
      .set((eb) => ({ status: 'draft', version: eb('version', '+', 1) }))
      .where('id', '=', post.id)
      .execute();

    expect(await titles(await get('/posts'))).toEqual([]);
  });
});

describe('a kept public read while the database does not answer', () => {
  let down: DatabaseHandle;
  beforeAll(async () => {
    down = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/showcase`, poolSize: 1 });
  });
  afterAll(async () => {
    await down.destroy();
  });

  it('is served as it was kept, without the Retry-After of the outage', async () => {
    await createPublishedPost('Kept for the outage');
    // One cache in front of two apps: one on the database, one on a port where nothing listens.
    let isDown = false;
    const cacheDeps = {
      ...t.deps,
      get db() {
        return isDown ? down.db : t.deps.db;
      },
    };
    const cache = new ResponseCache(cacheDeps, { ...DEFAULT_RESPONSE_CACHE_OPTIONS, checkIntervalMs: 0, writeSettleMs: 0 });
    const upApp = createApp(t.deps, { publicReadCache: cache });
    const downApp = createApp({ ...t.deps, db: down.db }, { publicReadCache: cache });

    const kept = await upApp.request('http://localhost/api/posts');
    expect(kept.status).toBe(200);
    expect(kept.headers.get('retry-after')).toBeNull();
    isDown = true;

    // Not kept: the outage's own answer.
    const missing = await downApp.request('http://localhost/api/posts/kept-for-the-outage');
    expect(missing.status).toBe(503);
    expect(missing.headers.get('retry-after')).toBe('5');

    const stale = await downApp.request('http://localhost/api/posts');
    expect(stale.status).toBe(200);
    expect(await titles(stale)).toEqual(['Kept for the outage']);
    expect(stale.headers.get('retry-after')).toBeNull();
    expect(stale.headers.get('content-type')).toBe(kept.headers.get('content-type'));
  });
});
