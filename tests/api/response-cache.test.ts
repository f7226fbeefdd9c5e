/**
 * The response cache under a crawl, on a real database: pages rendered by a
 * counting stand-in for the page renderer, so a render tells a miss from a
 * hit. A crawl of pages asked for once must not push out a page asked for
 * twice, nor fill more than a quarter of the budget; the kept bytes, every
 * encoding counted, stay within the budget; a content write still empties
 * the cache.
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../server/deps.ts';
import { expireAnswerAt } from '../../server/freshness/answer-marks.ts';
import { DEFAULT_RESPONSE_CACHE_OPTIONS, ResponseCache } from '../../server/http/response-cache.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const KB = 1024;
const BUDGET = 400 * KB;
/** Pages of a crawl: several times what the budget holds. */
const CRAWL = 150;
/** Text that compresses only so far, as a page's varied words do. */
const pageBody = (path: string) =>
  path === '/small'
    ? '<html><body><h1>Small</h1></body></html>'
    : `<html><body><h1>${path}</h1>${randomBytes(12 * KB).toString('base64')}</body></html>`;

let cache: ResponseCache;
let renders: Map<string, number>;
let site: Hono<AppEnv>;

beforeEach(() => {
  // The fingerprint is read once per test: this server's own writes empty the cache at once anyway. No page
  // expires during a test, however slow the machine: what goes is what the budget pushed out.
  cache = new ResponseCache(t.deps, {
    ...DEFAULT_RESPONSE_CACHE_OPTIONS,
    maxBytes: BUDGET,
    ttlMs: Number.MAX_SAFE_INTEGER,
    writeSettleMs: 0,
    checkIntervalMs: 60_000,
  });
  renders = new Map();
  site = new Hono<AppEnv>();
  site.get('*', (c) =>
    cache.serve(c, async () => {
      renders.set(c.req.path, (renders.get(c.req.path) ?? 0) + 1);
      return new Response(pageBody(c.req.path), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0' },
      });
    }),
  );
});

const visit = async (path: string, encoding = 'identity') => {
  const response = await site.request(`http://localhost${path}`, { headers: { 'accept-encoding': encoding } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response;
};

describe('the response cache under a crawl', () => {
  it('keeps a page asked for twice while a crawler walks many pages once', async () => {
    await visit('/popular', 'br');
    await visit('/popular', 'gzip');
    for (let i = 0; i < CRAWL; i++) await visit(`/posts/${i}`, i % 3 === 0 ? 'br' : i % 3 === 1 ? 'gzip' : 'identity');
    await visit('/popular', 'br');
    expect(renders.get('/popular')).toBe(1);
    // The crawl did fill the cache to its budget and evict: its first pages are rendered again.
    await visit('/posts/0');
    expect(renders.get('/posts/0')).toBe(2);
  });

  it('lets the crawl push out a page asked for only once', async () => {
    await visit('/once');
    for (let i = 0; i < CRAWL; i++) await visit(`/posts/${i}`);
    await visit('/once');
    expect(renders.get('/once')).toBe(2);
  });

  it('holds the pages of a crawl, each asked for once, within a quarter of its budget', async () => {
    for (let i = 0; i < CRAWL; i++) await visit(`/posts/${i}`);
    expect(cache.bytes).toBeLessThanOrEqual(BUDGET / 4);
    expect(cache.size).toBeGreaterThan(5);
    // The latest pages of the crawl are the ones kept.
    await visit(`/posts/${CRAWL - 1}`);
    expect(renders.get(`/posts/${CRAWL - 1}`)).toBe(1);
  });

  it('counts every encoding it keeps, and keeps the total within its budget', async () => {
    await visit('/page');
    const plain = cache.bytes;
    await visit('/page', 'br');
    const withBrotli = cache.bytes;
    await visit('/page', 'gzip');
    expect(withBrotli).toBeGreaterThan(plain);
    expect(cache.bytes).toBeGreaterThan(withBrotli);
    expect(renders.get('/page')).toBe(1);

    for (let i = 0; i < 200; i++) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        await visit(`/posts/${i % 60}`, encoding);
        expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
      }
    }
    expect(cache.size).toBeGreaterThan(5);
  });

  it('counts the address of each page, so small pages under long unique addresses stay within the budget', async () => {
    const query = 'x'.repeat(8 * KB);
    await visit(`/small?${query}`);
    const longAddress = cache.bytes;
    cache.clear();
    await visit('/small');
    expect(longAddress - cache.bytes).toBeGreaterThanOrEqual(query.length);

    // Each page is small, its address is not.
    for (let i = 0; i < 100; i++) {
      await visit(`/small?${i}-${query}`);
      expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
    }
    expect(cache.size * query.length).toBeLessThanOrEqual(BUDGET);
    expect(cache.size).toBeGreaterThan(5);
  });

  it('is emptied by a content write, then keeps pages again', async () => {
    await visit('/popular');
    await visit('/popular');
    expect(renders.get('/popular')).toBe(1);
    const created = await t.request('POST', '/admin/posts', {
      token: await t.adminToken(),
      body: { title: 'A new post', slug: `new-post-${Date.now()}`, content: 'Text.', status: 'published', published_at: nowSeconds() },
    });
    expect(created.status).toBe(201);
    await visit('/popular');
    expect(renders.get('/popular')).toBe(2);
    await visit('/popular');
    expect(renders.get('/popular')).toBe(2);
  });

  it('compresses a page it does not keep as it would a kept one, when the client accepts it', async () => {
    // Not shareable, so never kept: rendered and sent each time.
    const privatePage = new Hono<AppEnv>();
    privatePage.get('*', (c) =>
      cache.serve(c, async () => new Response(pageBody(c.req.path), { headers: { 'content-type': 'text/html; charset=utf-8' } })),
    );
    const ask = (path: string, encoding: string) =>
      privatePage.request(`http://localhost${path}`, { headers: { 'accept-encoding': encoding } });

    const brotli = await ask('/private', 'gzip, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toMatch(/^<html><body><h1>\/private<\/h1>/);

    const gzip = await ask('/private', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toMatch(/^<html><body><h1>\/private<\/h1>/);

    const plain = await ask('/private', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toMatch(/^<html><body><h1>\/private<\/h1>/);

    // Too small to gain anything: sent as it is.
    const small = await ask('/small', 'gzip, br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe(pageBody('/small'));
    expect(cache.size).toBe(0);
  });
});

describe('a page that says when it expires', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** 2026-11-20 12:00:00.400 UTC: within a second, as a request's clock is. */
  const START = Date.UTC(2026, 10, 20, 12, 0, 0, 400);
  const changesAt = Math.floor(START / 1000) + 10;

  it('is kept until the second its content changes, and rendered afresh then', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const expiring = new Hono<AppEnv>();
    expiring.get('*', (c) =>
      cache.serve(c, async () => {
        renders.set(c.req.path, (renders.get(c.req.path) ?? 0) + 1);
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' });
        expireAnswerAt(headers, changesAt);
        return new Response(pageBody(c.req.path), { headers });
      }),
    );
    const ask = async () => {
      const response = await expiring.request('http://localhost/countdown');
      await response.arrayBuffer();
      return response;
    };
    const first = await ask();
    expect(first.headers.get('expires')).toBe(new Date(changesAt * 1000).toUTCString());
    vi.setSystemTime(changesAt * 1000 - 1);
    await ask();
    expect(renders.get('/countdown')).toBe(1);
    vi.setSystemTime(changesAt * 1000);
    await ask();
    expect(renders.get('/countdown')).toBe(2);
  });
});

describe('the headers of an answer that expires at a known second', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('let no age reach past that second, a stale allowance included', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 20, 12, 0, 0, 400) });
    const at = Date.UTC(2026, 10, 20, 12, 2) / 1000;
    const headers = new Headers({ 'cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' });
    expireAnswerAt(headers, at);
    // 119.6 s left: whole seconds, rounded down.
    expect(headers.get('cache-control')).toBe('public, max-age=60, s-maxage=119');
    expect(headers.get('expires')).toBe('Fri, 20 Nov 2026 12:02:00 GMT');

    const far = new Headers({ 'cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' });
    expireAnswerAt(far, at + 3600);
    expect(far.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  });

  it('add no shared age where the answer had none', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 20, 12) });
    const headers = new Headers({ 'cache-control': 'public, max-age=60' });
    expireAnswerAt(headers, Date.UTC(2026, 10, 20, 12, 0, 20) / 1000);
    expect(headers.get('cache-control')).toBe('public, max-age=20');
  });

  it('leave an answer that is not public as it is', () => {
    const headers = new Headers({ 'cache-control': 'no-store' });
    expireAnswerAt(headers, Math.floor(Date.now() / 1000) + 5);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.has('expires')).toBe(false);
  });
});
