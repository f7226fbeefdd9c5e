/**
 * A saved post drops from the rendered-page cache only the pages it touches
 * (decision 070): its own page, the lists, the related-post blocks of its
 * categories. Another post's page is still answered from memory, which the
 * test tells by counting the pages' reads of a published post.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadPageRenderer, serveBuiltFiles } from '../../server/pages.ts';
import { composeApp } from '../../server/start-up.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';
import { seedPost } from './site-app.ts';

const t = useTestApp();
/** The site: a thousand posts, one of them edited. */
const POSTS = 1000;

let get: (path: string) => Promise<Response>;
let reads: ReturnType<typeof vi.fn<(slug: string) => void>>;
let editedId: number;

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
  const { services } = composeApp(t.deps);
  reads = vi.fn<(slug: string) => void>();
  const findPublished = services.posts.findPublished.bind(services.posts);
  services.posts.findPublished = (slug: string) => {
    reads(slug);
    return findPublished(slug);
  };
  const renderPage = await loadPageRenderer(t.deps, undefined, { cache: { checkIntervalMs: 0, writeSettleMs: 0 }, services });
  const serveStatic = serveBuiltFiles();
  if (!renderPage || !serveStatic) throw new Error('The web build is missing: the ssr global setup should have built it');
  const app = createApp(t.deps, { renderPage, serveStatic });
  const ip = freshIp();
  get = async (path) => {
    const response = await app.request(`http://localhost${path}`, { headers: { accept: 'text/html', 'x-forwarded-for': ip } });
    expect(response.status, path).toBe(200);
    return response;
  };
});

/** How many times the page at `/slug` was rendered from the database during `visit`. */
async function rendersOf(slug: string, visit: () => Promise<unknown>): Promise<number> {
  reads.mockClear();
  await visit();
  return reads.mock.calls.filter(([read]) => read === slug).length;
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
    for (const path of ['/post-2', '/post-3', '/post-4', '/', '/category/technology']) await get(path);
    expect(await rendersOf('post-3', () => get('/post-3'))).toBe(0);

    await editPost(editedId, 'Post 2, revised');

    expect(await rendersOf('post-3', () => get('/post-3'))).toBe(0);
    expect(await rendersOf('post-2', async () => expect(await (await get('/post-2')).text()).toContain('Post 2, revised'))).toBe(1);
    expect(await (await get('/')).text()).toContain('Post 2, revised');
    expect(await (await get('/category/technology')).text()).toContain('Post 2, revised');
    // A post of the same category may show it among its related posts: rendered afresh.
    expect(await rendersOf('post-4', () => get('/post-4'))).toBe(1);
  });

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
  });
});
