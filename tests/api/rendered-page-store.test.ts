/**
 * Rendered pages kept in the database beneath the page cache (decision 073),
 * on a real database: a counting stand-in renders each page, noting what it
 * shows, so a render tells a page answered from the store from one rendered
 * again. A second cache on the same database is a second server, or this one
 * after a restart.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContentChanges } from '../../server/freshness/content-changes.ts';
import { nowSeconds } from '../../server/db/database.ts';
import type { AppDeps, AppEnv } from '../../server/deps.ts';
import { createNonce, scriptNonceOf } from '../../server/http/content-security-policy.ts';
import { RenderedPageStore, renderKey, type StoreBound } from '../../server/http/rendered-page-store.ts';
import { expireAnswerAt, noteAnswerSources } from '../../server/freshness/answer-marks.ts';
import { DEFAULT_RESPONSE_CACHE_OPTIONS, ResponseCache } from '../../server/http/response-cache.ts';
import { createPost } from '../helpers/posts.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** Pages that show a post's title as the database holds it when they render: path → the post's id. */
let titled: Map<string, number>;
/** A render of the path held open after it read the title, until the test lets it go. */
let held: { path: string; read: () => void; release: Promise<void> } | null;

/** What each page shows: `/post/12` its post, a titled page its post, `/` anything (no sources). */
function sourcesOf(path: string): string[] | null {
  const shown = titled.get(path) ?? (path.startsWith('/post/') ? path.slice('/post/'.length) : null);
  return shown === null ? null : [`post:${shown}`];
}

const policy = (nonce: string) => `script-src 'nonce-${nonce}'`;

let renders: Map<string, number>;
/** What the stand-in renders a page with: changed to tell a render made now from one kept before. */
let edition: string;
/** A page that says when it stops being true (Unix seconds), as a countdown does. */
let expiresAt: number | null;

beforeEach(() => {
  renders = new Map();
  edition = 'first';
  expiresAt = null;
  titled = new Map();
  held = null;
});

/** The stand-in's render of `path`, counted. */
async function renderPage(path: string): Promise<Response> {
  renders.set(path, (renders.get(path) ?? 0) + 1);
  const postId = titled.get(path);
  let shows = edition;
  if (postId !== undefined) {
    const post = await t.deps.db.selectFrom('posts').select('title').where('id', '=', postId).executeTakeFirstOrThrow();
    shows = post.title;
    if (held?.path === path) {
      const hold = held;
      held = null;
      hold.read();
      await hold.release;
    }
  }
  const nonce = createNonce();
  const response = new Response(`<html><body><h1>${path} ${shows}</h1><script nonce="${nonce}">1</script></body></html>`, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0',
      'content-security-policy': policy(nonce),
    },
  });
  if (expiresAt !== null) expireAnswerAt(response.headers, expiresAt);
  const sources = sourcesOf(path);
  if (sources) noteAnswerSources(response, sources);
  return response;
}

/** Holds the next render of `path` open once it has read what it shows: `read` settles then, `release` lets it finish. */
function holdRender(path: string): { read: Promise<void>; release: () => void } {
  let read = () => {};
  let release = () => {};
  const wasRead = new Promise<void>((resolve) => (read = resolve));
  held = { path, read, release: new Promise<void>((resolve) => (release = resolve)) };
  return { read: wasRead, release };
}

/**
 * A server: a page cache over the store, with pages rendered by the stand-in; `build` is its web build.
 * By default it is the server the test's writes go through; a `remote` one hears of them only through the database.
 */
function server(build = 'build-1', { remote = false, bound }: { remote?: boolean; bound?: StoreBound } = {}) {
  const changes = remote ? new ContentChanges() : t.deps.contentChanges;
  const deps: AppDeps = { ...t.deps, contentChanges: changes };
  const store = new RenderedPageStore(deps, renderKey(build, t.deps.config), bound);
  const cache = new ResponseCache(
    deps,
    { ...DEFAULT_RESPONSE_CACHE_OPTIONS, checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs: 0 },
    store,
  );
  const site = new Hono<AppEnv>();
  site.get('*', (c) => cache.serve(c, () => renderPage(c.req.path), policy));
  const visit = async (path: string) => {
    const response = await site.request(`http://localhost${path}`);
    expect(response.status).toBe(200);
    return { text: await response.text(), policy: response.headers.get('content-security-policy') };
  };
  /** Renders ahead of readers what the store holds out of date, as the job does. */
  const renderAhead = () => cache.renderAhead('http://localhost', (url) => renderPage(new URL(url).pathname), () => policy, 1000);
  return { visit, store, cache, renderAhead };
}

/** A published post without a cover, at `publishedAt` (now by default). */
const createPagePost = (publishedAt = nowSeconds()) => createPost(t, { published_at: publishedAt, cover_image: null, read_time: 1 });

async function editPost(id: number, title?: string) {
  const current = (await t.request('GET', `/admin/posts/${id}`, { token: await t.adminToken() })).body;
  const answer = await t.request('PUT', `/admin/posts/${id}`, {
    token: await t.adminToken(),
    body: { ...current, title: title ?? `${String(current.title)} (edited)` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('rendered pages kept in the database', () => {
  it('answers a page another server rendered, with a nonce of its own, without rendering it again', async () => {
    const post = await createPagePost();
    const first = server();
    const rendered = await first.visit(`/post/${post.id}`);
    await first.store.flush();

    const second = server();
    const answered = await second.visit(`/post/${post.id}`);
    expect(renders.get(`/post/${post.id}`)).toBe(1);
    // The same page, with a fresh nonce in the page and in its policy.
    const nonceOf = (answer: { policy: string | null }) => scriptNonceOf(answer.policy);
    expect(nonceOf(answered)).not.toBe(nonceOf(rendered));
    expect(answered.text).toBe(rendered.text.replaceAll(nonceOf(rendered) ?? '', nonceOf(answered) ?? ''));
    expect(answered.text).toContain('first');
  });

  it('renders again only the pages a write touched', async () => {
    const [edited, untouched] = [await createPagePost(), await createPagePost()];
    const first = server();
    await first.visit(`/post/${edited.id}`);
    await first.visit(`/post/${untouched.id}`);
    await first.visit('/');
    await first.store.flush();

    await editPost(edited.id);
    edition = 'second';
    const second = server();
    expect((await second.visit(`/post/${edited.id}`)).text).toContain('second');
    expect((await second.visit(`/post/${untouched.id}`)).text).toContain('first');
    // A page that may show anything goes with every write.
    expect((await second.visit('/')).text).toContain('second');
    expect(renders.get(`/post/${untouched.id}`)).toBe(1);
  });

  it('keeps none across a write that may touch anything, a settings change or another build', async () => {
    const post = await createPagePost();
    const path = `/post/${post.id}`;
    const first = server();
    await first.visit(path);
    await first.store.flush();

    // Settings (the site's name) shape every page.
    const token = await t.adminToken();
    const site = (await t.request('GET', '/admin/settings/site', { token })).body as Record<string, unknown>;
    const renamed = await t.request('PUT', '/admin/settings/site', { token, ip: freshIp(), body: { ...site, site_name: `${String(site.site_name)} 2` } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    edition = 'renamed';
    const second = server();
    expect((await second.visit(path)).text).toContain('renamed');
    await second.store.flush();

    // Another build renders its own pages.
    edition = 'new build';
    expect((await server('build-2').visit(path)).text).toContain('new build');
    expect(renders.get(path)).toBe(3);
  });

  it('marks every kept page out of date when the content changed without a write saying what', async () => {
    const post = await createPagePost();
    const path = `/post/${post.id}`;
    const first = server();
    await first.visit(path);
    await first.store.flush();

    // An edit made outside the app: the cache sees the content change, and no write describe it.
    await t.deps.db.updateTable('posts').set({ title: 'Changed by hand', version: post.version + 1 }).where('id', '=', post.id).execute();
    edition = 'after the edit by hand';
    expect((await first.visit(path)).text).toContain('after the edit by hand');
    // Another server, started after, does not answer the copy from before either.
    edition = 'third';
    await first.store.flush();
    expect((await server().visit(path)).text).not.toContain('first');
  });

  it('stops answering a page when a post scheduled after it was rendered goes live, or when the page says it expires', async () => {
    const post = await createPagePost();
    const path = `/post/${post.id}`;
    await createPagePost(nowSeconds() + 2);
    const first = server();
    await first.visit(path);
    await first.store.flush();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    edition = 'after the publication';
    expect((await server().visit(path)).text).toContain('after the publication');

    expiresAt = nowSeconds() + 1;
    const countdown = `/post/${(await createPagePost()).id}`;
    const third = server();
    await third.visit(countdown);
    await third.store.flush();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expiresAt = null;
    edition = 'after its expiry';
    expect((await server().visit(countdown)).text).toContain('after its expiry');
  });

  it("renders ahead the live posts with no page kept, and not those another build kept (two builds side by side)", async () => {
    const [kept, missing] = [await createPagePost(), await createPagePost()];
    const other = server('build-2');
    await other.visit(`/${String(kept.slug)}`);
    await other.store.flush();
    const ahead = await server('build-1').store.outOfDate('any settings', 1000);
    expect(ahead).toContain(`/${String(missing.slug)}`);
    expect(ahead).not.toContain(`/${String(kept.slug)}`);
  });

  it('renders ahead exactly the kept pages a write made out of date, found by the database', async () => {
    const [edited, untouched] = [await createPagePost(), await createPagePost()];
    const paths = [`/post/${edited.id}`, `/post/${untouched.id}`, '/'];
    const first = server();
    for (const path of paths) await first.visit(path);
    await first.store.flush();
    const ahead = server();
    const renderedAhead = async () => {
      renders = new Map();
      await ahead.renderAhead();
      await ahead.store.flush();
      return paths.filter((path) => renders.has(path));
    };
    expect(await renderedAhead()).toEqual([]);

    await editPost(edited.id);
    // The edited post's page and the page that may show anything; not the untouched post's.
    expect(await renderedAhead()).toEqual([`/post/${edited.id}`, '/']);
    expect(await renderedAhead()).toEqual([]);
  });

  it('stays within its bound, letting the least recently read pages go first', async () => {
    const bound = { rows: 4, bytes: 1024 * 1024 };
    const posts = [await createPagePost(), await createPagePost(), await createPagePost(), await createPagePost()];
    const paths = posts.map((post) => `/post/${post.id}`);
    const first = server('build-1', { bound });
    for (const path of paths) {
      await first.visit(path);
      await first.store.flush();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The oldest kept is read again on another server: it is no longer the least recently read.
    const [readAgain, second, third] = paths;
    const reader = server('build-1', { bound });
    await reader.visit(readAgain ?? '');
    await reader.store.flush();

    await first.visit(`/post/${(await createPagePost()).id}`);
    await first.store.flush();
    const kept = (await t.deps.db.selectFrom('rendered_pages').select('path').execute()).map((row) => row.path);
    expect(kept.length).toBeLessThanOrEqual(bound.rows);
    expect(kept).toContain(readAgain);
    expect(kept).not.toContain(second);
    expect(kept).not.toContain(third);
    expect(t.deps.pageRenders.letGo.get('bound')).toBeGreaterThan(0);

    // And within its bytes: a bound of about two pages keeps two at most.
    const page = await t.deps.db.selectFrom('rendered_pages').select('bytes').executeTakeFirstOrThrow();
    const small = server('build-1', { bound: { rows: 1000, bytes: Math.floor(page.bytes * 2.5) } });
    await small.visit(`/post/${(await createPagePost()).id}`);
    await small.store.flush();
    const { total } = await t.deps.db.selectFrom('rendered_pages').select((eb) => eb.fn.sum<number>('bytes').as('total')).executeTakeFirstOrThrow();
    expect(Number(total)).toBeLessThanOrEqual(page.bytes * 2.5);
  });

  it('keeps no page whose address has a query string', async () => {
    const first = server();
    await first.visit('/search?q=tide');
    await first.store.flush();
    await server().visit('/search?q=tide');
    expect(renders.get('/search')).toBe(2);
    const kept = await t.deps.db.selectFrom('rendered_pages').select('path').where('path', 'like', '/search%').execute();
    expect(kept).toEqual([]);
  });
});

describe("a render held open across another server's edit", () => {
  /** A post titled `v2`, shown by the page at `path` as its render reads it. */
  async function postAtV2(path: (post: Record<string, unknown>) => string) {
    const post = await createPagePost();
    await editPost(post.id, 'v2');
    const at = path(post);
    titled.set(at, post.id);
    return { post, path: at };
  }

  it('is answered once, then neither kept in memory nor in the store: the next read shows the edit', async () => {
    const { post, path } = await postAtV2((post) => `/post/${post.id}`);
    const remote = server('build-1', { remote: true });
    const hold = holdRender(path);
    const answer = remote.visit(path);
    await hold.read;
    // Another server saves the post; this one applies the change at its next request, while the render is still open.
    await editPost(post.id, 'v3');
    await remote.visit('/elsewhere');
    hold.release();
    expect((await answer).text).toContain('v2');

    expect((await remote.visit(path)).text).toContain('v3');
    await remote.store.flush();
    const rendered = renders.get(path);
    // A third server answers the newer copy from the store, without rendering it.
    expect((await server('build-1', { remote: true }).visit(path)).text).toContain('v3');
    expect(renders.get(path)).toBe(rendered);
  });

  it('is not kept when it renders ahead of readers', async () => {
    const { post, path } = await postAtV2((post) => `/${String(post.slug)}`);
    const remote = server('build-1', { remote: true });
    const hold = holdRender(path);
    const ahead = remote.renderAhead();
    await hold.read;
    await editPost(post.id, 'v3');
    await remote.visit('/elsewhere');
    hold.release();
    await ahead;

    expect((await remote.visit(path)).text).toContain('v3');
    await remote.store.flush();
    expect((await server('build-1', { remote: true }).visit(path)).text).toContain('v3');
  });
});
