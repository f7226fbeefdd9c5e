import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { insertPost } from '../../server/db/queries/posts.ts';
import type { AppDeps } from '../../server/deps.ts';
import {
  ASSET_CACHE_CONTROL,
  loadPageRenderer,
  PUBLIC_FILE_CACHE_CONTROL,
  serveBuiltFiles,
} from '../../server/pages.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The whole server (API, files and pages) on a test database, with its log lines kept. */
async function createSiteApp(t: TestApp) {
  const logLines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  const deps: AppDeps = { ...t.deps, logger };
  const renderPage = await loadPageRenderer(deps);
  const serveStatic = serveBuiltFiles();
  if (!renderPage || !serveStatic) throw new Error('The web build is missing: the ssr global setup should have built it');
  const app = createApp(deps, { renderPage, serveStatic });
  const get = (path: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    app.request(`http://localhost${path}`, { headers });
  return { get, logLines };
}

async function seedPost(t: TestApp, post: { slug: string; title: string; status: 'draft' | 'published' }) {
  await insertPost(t.deps.db, {
    ...post,
    excerpt: `Why ${post.title} is worth a look.`,
    content: `## ${post.title}\n\nThe full review.`,
    cover_image: `/images/demo/${post.slug}.svg`,
    campaign_url: null,
    read_time: 4,
    published_at: null,
    category_ids: [],
  });
}

describe('the home page', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createSiteApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    site = await createSiteApp(t);
    await seedPost(t, { slug: 'tidal-kite-generator', title: 'Tidal Kite Generator', status: 'published' });
    await seedPost(t, { slug: 'pocket-letterpress', title: 'Pocket Letterpress', status: 'published' });
    await seedPost(t, { slug: 'secret-prototype', title: 'Secret Prototype Draft', status: 'draft' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is complete server-rendered HTML with its title, description and cache header', async () => {
    const response = await site.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<title>Crowdfunding Showcase: reviewed crowdfunding projects</title>');
    expect(html).toMatch(/<meta name="description" content="Reviewed crowdfunding campaigns worth backing:[^"]*"\/>/);
    expect(html).toMatch(/<main[^>]*>/);
  });

  it('shows each published post as a card linking to its page, newest first', async () => {
    const html = await (await site.get('/')).text();
    expect(html).toContain('Why Pocket Letterpress is worth a look.');
    const links = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['/pocket-letterpress', 'Pocket Letterpress'],
      ['/tidal-kite-generator', 'Tidal Kite Generator'],
    ]);
    const cover = html.match(/<img [^>]*alt="Cover image for Tidal Kite Generator"[^>]*>/)?.[0] ?? '';
    expect(cover).toContain('src="/images/demo/tidal-kite-generator.svg"');
    expect(cover).toContain('width="1200"');
    expect(cover).toContain('height="675"');
  });

  it('never shows drafts', async () => {
    const html = await (await site.get('/')).text();
    expect(html).not.toContain('Secret Prototype Draft');
    expect(html).not.toContain('secret-prototype');
  });

  it('shows the empty state when nothing is published', async () => {
    const empty = await createTestApp();
    try {
      const emptySite = await createSiteApp(empty);
      const response = await emptySite.get('/');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('No projects found. Check back soon!');
      expect(html).not.toContain('<article');
    } finally {
      await empty.close();
    }
  });
});

describe('an unknown path', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createSiteApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    site = await createSiteApp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a real 404 with the not-found page', async () => {
    const response = await site.get('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Page not found | Crowdfunding Showcase</title>');
    expect(html).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });

  it('logs the missing path, without its query string', async () => {
    const before = site.logLines.length;
    await site.get('/gone/away?token=secret-value');
    const lines = site.logLines.slice(before);
    const logged = lines.filter((line) => line.msg === 'page not found');
    expect(logged.map((line) => line.path)).toEqual(['/gone/away']);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });
});

describe('beside the pages', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createSiteApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    site = await createSiteApp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the API still answers JSON, including its own 404s', async () => {
    const health = await site.get('/api/health', { accept: '*/*' });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await health.json()).toEqual({ status: 'ok' });

    const missing = await site.get('/api/no-such-thing', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'NOT_FOUND', message: 'No API endpoint at GET /api/no-such-thing' });
  });

  it('serves hashed assets as immutable and public files with a short cache', async () => {
    const html = await (await site.get('/')).text();
    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTypeOf('string');
    const asset = await site.get(script as string, {});
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);

    const image = await site.get('/images/demo/solar-backpack.svg', {});
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toBe(PUBLIC_FILE_CACHE_CONTROL);
    expect(await image.text()).toMatch(/^<svg /);
  });

  it('answers a missing asset with a short 404, not the page', async () => {
    const response = await site.get('/assets/entry.client-gone.js', {});
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });
});
