/**
 * Scheduled publishing: a post or resource published with a time still
 * ahead is invisible everywhere public (pages, API, sitemap, RSS), and
 * appears by itself once its time comes, with no write and no restart,
 * through the page and API caches as production runs them (the content
 * fingerprint is read at most once a second).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { insertResource } from '../../server/db/queries/resources.ts';
import { ResponseCache } from '../../server/http/response-cache.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { createSiteApp, seedPost, type SiteApp } from './site-app.ts';

const t = useTestApp();
let site: SiteApp;
let api: ReturnType<typeof createApp>;
let goesLiveAt: number;

const SCHEDULE_AHEAD_SECONDS = 3;

beforeAll(async () => {
  // Production's cache timings: the fingerprint read at most once a second.
  site = await createSiteApp(t, { cache: { checkIntervalMs: 1000, writeSettleMs: 0 } });
  api = createApp(t.deps, { publicReadCache: new ResponseCache(t.deps) });
  await seedPost(t, { slug: 'already-live', title: 'Already Live' });
  goesLiveAt = Math.floor(Date.now() / 1000) + SCHEDULE_AHEAD_SECONDS;
  const token = await t.adminToken();
  const post = await t.request('POST', '/admin/posts', {
    token,
    body: { title: 'Tomorrow Lamp', slug: 'tomorrow-lamp', content: 'Soon.', status: 'published', published_at: goesLiveAt, category_ids: [] },
  });
  expect(post.status).toBe(201);
  const resource = await t.request('POST', '/admin/resources', {
    token,
    body: { title: 'Launch Checklist', slug: 'launch-checklist', content: 'Soon.', status: 'published', published_at: goesLiveAt },
  });
  expect(resource.status).toBe(201);
  expect(resource.body.published_at).toBe(goesLiveAt);
});

async function publicView() {
  const text = async (path: string) => (await site.get(path)).text();
  const apiJson = async (path: string) => (await api.request(`http://localhost/api${path}`)).json() as Promise<Record<string, { slug: string }[]>>;
  return {
    home: await text('/'),
    resources: await text('/resources'),
    postPage: (await site.get('/tomorrow-lamp')).status,
    resourcePage: (await site.get('/launch-checklist')).status,
    sitemap: await text('/sitemap.xml'),
    rss: await text('/rss.xml'),
    apiPosts: (await apiJson('/posts')).posts?.map((post) => post.slug) ?? [],
    apiResources: (await apiJson('/resources')).resources?.map((resource) => resource.slug) ?? [],
    apiPost: (await api.request('http://localhost/api/posts/tomorrow-lamp')).status,
  };
}

describe('a post and a resource scheduled a few seconds ahead', () => {
  it('are invisible everywhere public until their time', async () => {
    const view = await publicView();
    expect(view.home).toContain('Already Live');
    expect(view.home).not.toContain('Tomorrow Lamp');
    expect(view.resources).not.toContain('Launch Checklist');
    expect(view.postPage).toBe(404);
    expect(view.resourcePage).toBe(404);
    expect(view.sitemap).not.toContain('tomorrow-lamp');
    expect(view.sitemap).not.toContain('launch-checklist');
    expect(view.rss).not.toContain('Tomorrow Lamp');
    expect(view.apiPosts).toEqual(['already-live']);
    expect(view.apiResources).toEqual([]);
    expect(view.apiPost).toBe(404);
  });

  it('are listed as scheduled in the back office', async () => {
    const token = await t.adminToken();
    const scheduled = await t.request('GET', '/admin/posts?state=scheduled', { token });
    expect(scheduled.body.posts.map((post: { slug: string }) => post.slug)).toEqual(['tomorrow-lamp']);
    const live = await t.request('GET', '/admin/posts?state=published', { token });
    expect(live.body.posts.map((post: { slug: string }) => post.slug)).toEqual(['already-live']);
    const resources = await t.request('GET', '/admin/resources?state=scheduled', { token });
    expect(resources.body.resources.map((resource: { slug: string }) => resource.slug)).toEqual(['launch-checklist']);
    expect((await t.request('GET', '/admin/posts?state=soon', { token })).status).toBe(400);
  });

  it('appear by themselves once their time comes, through the caches, with no write', async () => {
    const waitMs = (goesLiveAt + 1) * 1000 - Date.now() + 1100;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const view = await publicView();
    expect(view.home).toContain('Tomorrow Lamp');
    expect(view.resources).toContain('Launch Checklist');
    expect(view.postPage).toBe(200);
    expect(view.resourcePage).toBe(200);
    expect(view.sitemap).toContain('tomorrow-lamp');
    expect(view.rss).toContain('Tomorrow Lamp');
    expect(view.apiPosts).toEqual(['tomorrow-lamp', 'already-live']);
    expect(view.apiResources).toEqual(['launch-checklist']);
    expect(view.apiPost).toBe(200);
  });
});

it('keeps a resource published in the past at the time of its publication (SPEC: now)', async () => {
  const row = await insertResource(t.deps.db, {
    title: 'Old',
    slug: 'old-guide',
    content: 'x',
    status: 'published',
    published_at: 1000,
    excerpt: null,
    cover_image: null,
    read_time: null,
    category_id: null,
  });
  expect(row.published_at).toBeGreaterThan(1000);
});
