/**
 * A saved post drops from the rendered-page cache only the pages it touches
 * (decision 070): its own page, the lists, the related-post blocks of its
 * categories. Another post's page is still answered from memory, which the
 * test tells by counting the pages' reads of a published post.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ContentChanges } from '../../server/freshness/content-changes.ts';
import type { AppDeps } from '../../server/deps.ts';
import { SiteProfileCache } from '../../server/site-profile.ts';
import { loadPageRenderer, serveBuiltFiles } from '../../server/pages.ts';
import { composeApp } from '../../server/start-up.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';
import { seedPost, seedResource } from './site-app.ts';

const t = useTestApp();
/** The site: a thousand posts, one of them edited. */
const POSTS = 1000;
/** Seeding a thousand posts and visiting pages on two servers takes a while on a busy machine. */
const SLOW = 120_000;

/** What `reads` records for a render of any page in the site's frame. */
const FRAME = '(frame)';

type Site = { get: (path: string, status?: number) => Promise<Response>; reads: ReturnType<typeof vi.fn<(slug: string) => void>> };

let get: Site['get'];
let reads: Site['reads'];
/** Another server on the same database: it hears of no write but through the database. */
let other: Site;
let editedId: number;
let resourceId: number;

async function makeSite(deps: AppDeps, rewarmWithinMs = 0): Promise<Site> {
  const { services } = composeApp(deps);
  const reads = vi.fn<(slug: string) => void>();
  const findPublished = services.posts.findPublished.bind(services.posts);
  services.posts.findPublished = (slug: string) => {
    reads(slug);
    return findPublished(slug);
  };
  // Every render of a page in the site's frame reads its categories: one read, one render.
  const listCategories = services.categories.list.bind(services.categories);
  services.categories.list = () => {
    reads(FRAME);
    return listCategories();
  };
  // Background re-renders off unless asked for: they would blur the counts of renders.
  const renderPage = await loadPageRenderer(deps, undefined, { cache: { checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs }, services });
  const serveStatic = serveBuiltFiles();
  if (!renderPage || !serveStatic) throw new Error('The web build is missing: the ssr global setup should have built it');
  const app = createApp(deps, { renderPage, serveStatic });
  const ip = freshIp();
  const get = async (path: string, status = 200) => {
    const response = await app.request(`http://localhost${path}`, { headers: { accept: 'text/html', 'x-forwarded-for': ip } });
    expect(response.status, path).toBe(status);
    return response;
  };
  return { get, reads };
}

beforeAll(async () => {
  // Every post in one of two categories, each holding more than a related block shows.
  for (let i = 0; i < POSTS; i++) {
    const row = await seedPost(t, {
      slug: `post-${i}`,
      title: `Post ${i}`,
      category_ids: [i % 2 === 0 ? 'tech' : 'creative'],
      daysAgo: i,
    });
    if (i === 2) editedId = row.id;
  }
  resourceId = (await seedResource(t, { slug: 'launch-checklist', title: 'Launch Checklist' })).id;
  ({ get, reads } = await makeSite(t.deps));
  const otherChanges = new ContentChanges();
  other = await makeSite({ ...t.deps, contentChanges: otherChanges, siteProfileCache: new SiteProfileCache(t.deps.db, otherChanges) });
}, SLOW);

/** How many times the page at `/slug` was rendered from the database during `visit`. */
async function rendersOf(slug: string, visit: () => Promise<unknown>, site: Pick<Site, 'reads'> = { reads }): Promise<number> {
  site.reads.mockClear();
  await visit();
  return site.reads.mock.calls.filter(([read]) => read === slug).length;
}

/** How many pages were rendered during `visit`. */
async function pageRenders(visit: () => Promise<unknown>, site: Pick<Site, 'reads'> = { reads }): Promise<number> {
  return rendersOf(FRAME, visit, site);
}

async function editResource(id: number, title: string) {
  const token = await t.adminToken();
  const resource = (await t.request('GET', `/admin/resources/${id}`, { token })).body;
  const { title: _old, slug, excerpt, content, cover_image, status, read_time, version } = resource;
  const saved = await t.request('PUT', `/admin/resources/${id}`, {
    token,
    body: { title, slug, excerpt, content, cover_image, status, read_time, version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function editPost(id: number, title: string) {
  const token = await t.adminToken();
  const post = (await t.request('GET', `/admin/posts/${id}`, { token })).body;
  const saved = await t.request('PUT', `/admin/posts/${id}`, {
    token,
    body: {
      title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      cover_image: post.cover_image,
      campaign_url: post.campaign_url,
      status: post.status,
      read_time: post.read_time,
      category_ids: post.category_ids,
      version: post.version,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('after one post of a thousand is edited', () => {
  it('answers another post from the cache and renders the edited one, home and its category afresh', async () => {
    // post-2 is in Tech; post-3 in Creative, whose related block comes from Creative alone.
    for (const path of ['/post-2', '/post-3', '/post-4', '/', '/category/technology']) {
      await get(path);
      await other.get(path);
    }
    expect(await rendersOf('post-3', () => get('/post-3'))).toBe(0);

    await editPost(editedId, 'Post 2, revised');

    expect(await rendersOf('post-3', () => get('/post-3'))).toBe(0);
    expect(await rendersOf('post-2', async () => expect(await (await get('/post-2')).text()).toContain('Post 2, revised'))).toBe(1);
    expect(await (await get('/')).text()).toContain('Post 2, revised');
    expect(await (await get('/category/technology')).text()).toContain('Post 2, revised');
    // A post of the same category may show it among its related posts: rendered afresh.
    expect(await rendersOf('post-4', () => get('/post-4'))).toBe(1);
  }, SLOW);

  it('drops the same pages on another server, which learns of the edit from the database', async () => {
    expect(await rendersOf('post-3', () => other.get('/post-3'), other)).toBe(0);
    expect(await rendersOf('post-2', async () => expect(await (await other.get('/post-2')).text()).toContain('Post 2, revised'), other)).toBe(1);
    expect(await (await other.get('/')).text()).toContain('Post 2, revised');
    expect(await rendersOf('post-4', () => other.get('/post-4'), other)).toBe(1);
  }, SLOW);

  it('renders a dropped page readers asked for lately again in the background, so the next reader finds it warm', async () => {
    const changes = new ContentChanges();
    const warm = await makeSite({ ...t.deps, contentChanges: changes, siteProfileCache: new SiteProfileCache(t.deps.db, changes) }, 60_000);
    const editedPost = await t.handle.db.selectFrom('posts').select('id').where('slug', '=', 'post-6').executeTakeFirstOrThrow();
    await warm.get('/post-6');
    expect(await rendersOf('post-6', () => warm.get('/post-6'), warm)).toBe(0);
    warm.reads.mockClear();

    // This server's own write: told through its content changes, as the content service tells them.
    await editPost(editedPost.id, 'Post 6, revised');
    changes.notify([`post:${editedPost.id}`, 'latest-posts', 'category:tech']);
    // Rendered again with no reader asking…
    await expect.poll(() => warm.reads.mock.calls.filter(([slug]) => slug === 'post-6').length, { timeout: 10_000 }).toBe(1);
    // …so the next reader gets the new page from memory.
    expect(await rendersOf('post-6', async () => expect(await (await warm.get('/post-6')).text()).toContain('Post 6, revised'), warm)).toBe(0);
  }, SLOW);

  it('still renders every page afresh after a settings save', async () => {
    await get('/post-3');
    expect(await rendersOf('post-3', () => get('/post-3'))).toBe(0);
    const token = await t.adminToken();
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = (
      await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token })
    ).body;
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, site_name: 'Renamed Showcase' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await rendersOf('post-3', async () => expect(await (await get('/post-3')).text()).toContain('Renamed Showcase'))).toBe(1);
  }, SLOW);

  it('leaves alone the lists of resources and of other categories, and the pages that show no content', async () => {
    // The edited post has no campaign: the list of live campaigns is left alone too.
    const untouched = ['/resources', '/category/creative-projects', '/contact-us', '/instant-kickstarter-fee-calculator', '/privacy-policy', '/newsletter', '/ending-soon'];
    for (const path of [...untouched, '/', '/rss.xml']) await get(path);
    await get('/no-such-page', 404);
    expect(await pageRenders(() => Promise.all(untouched.map((path) => get(path))))).toBe(0);

    await editPost(editedId, 'Post 2, revised again');

    expect(await pageRenders(() => Promise.all(untouched.map((path) => get(path))))).toBe(0);
    expect(await pageRenders(() => get('/'))).toBe(1);
    expect(await (await get('/rss.xml')).text()).toContain('Post 2, revised again');
    // A missing address may be the edited post's new one.
    expect(await pageRenders(() => get('/no-such-page', 404))).toBe(1);
  }, SLOW);

  it('renders the lists of resources and the resource afresh after a resource write, and leaves post pages alone', async () => {
    for (const path of ['/resources', '/launch-checklist', '/post-3', '/category/creative-projects', '/contact-us']) await get(path);

    await editResource(resourceId, 'Launch Checklist, revised');

    expect(await pageRenders(() => Promise.all(['/post-3', '/category/creative-projects', '/contact-us'].map((path) => get(path))))).toBe(0);
    expect(await (await get('/resources')).text()).toContain('Launch Checklist, revised');
    expect(await (await get('/launch-checklist')).text()).toContain('Launch Checklist, revised');
    expect(await (await get('/')).text()).toContain('Launch Checklist, revised');
  }, SLOW);
});
