/**
 * Rendering ahead of readers comes after the readers (decision 104): with a
 * backlog of pages to render ahead, as after a bulk import, a reader's
 * request is answered before the next page of it is rendered; a reader
 * asking for the page being rendered ahead takes that render; and nothing is
 * rendered ahead while this process's writes settle, since none of it would
 * be kept. On a real database, with a stand-in that renders each page and
 * notes what it does, in order.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { AppEnv } from '../../server/deps.ts';
import { createNonce } from '../../server/http/content-security-policy.ts';
import { RenderedPageStore, renderKey } from '../../server/http/rendered-page-store.ts';
import { noteAnswerSources } from '../../server/freshness/answer-marks.ts';
import { DEFAULT_RESPONSE_CACHE_OPTIONS, ResponseCache } from '../../server/http/response-cache.ts';
import { createPost } from '../helpers/posts.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const ORIGIN = 'http://localhost';
const policy = (nonce: string) => `script-src 'nonce-${nonce}'`;

/** What happened, in order: `ahead /path` as a render ahead of readers starts, `asked`/`answered /path` around a reader's request. */
let events: string[];
let renders: Map<string, number>;
/** A render of the path held open until the test lets it go. */
let held: { path: string; started: () => void; release: Promise<void> } | null;

beforeEach(() => {
  events = [];
  renders = new Map();
  held = null;
});

/** Lets the event loop turn: a render is several steps, between which other work runs. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Pages that take longer to render than the others: several of the others' renders would fit in one. */
const SLOW_PAGE = '/a-slow-page';

/** The stand-in's render of `path`, counted; it shows nothing but the page's own post. */
async function renderPage(path: string): Promise<Response> {
  renders.set(path, (renders.get(path) ?? 0) + 1);
  if (held?.path === path) {
    const hold = held;
    held = null;
    hold.started();
    await hold.release;
  }
  for (let step = 0; step < (path === SLOW_PAGE ? 30 : 3); step += 1) await turn();
  const nonce = createNonce();
  const response = new Response(`<html><body><h1>${path}</h1><script nonce="${nonce}">1</script></body></html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0', 'content-security-policy': policy(nonce) },
  });
  noteAnswerSources(response, [`page:${path}`]);
  return response;
}

function holdRender(path: string): { started: Promise<void>; release: () => void } {
  let started = () => {};
  let release = () => {};
  const wasStarted = new Promise<void>((resolve) => (started = resolve));
  held = { path, started, release: new Promise<void>((resolve) => (release = resolve)) };
  return { started: wasStarted, release };
}

/** A server: the page cache over the store, answering readers and rendering ahead of them with the stand-in. */
function server({ writeSettleMs = 0 }: { writeSettleMs?: number } = {}) {
  const store = new RenderedPageStore(t.deps, renderKey('build-1', t.deps.config));
  const cache = new ResponseCache(t.deps, { ...DEFAULT_RESPONSE_CACHE_OPTIONS, checkIntervalMs: 0, writeSettleMs, rewarmWithinMs: 0 }, store);
  const site = new Hono<AppEnv>();
  site.get('*', async (c) => {
    const answer = await cache.serve(c, () => renderPage(c.req.path), policy);
    events.push(`answered ${c.req.path}`);
    return answer;
  });
  const visit = async (path: string) => {
    events.push(`asked ${path}`);
    const response = await site.request(`${ORIGIN}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  /** Renders ahead what the store lacks or holds out of date, as the job does, noting each page as it starts. */
  const renderAhead = () =>
    cache.renderAhead(
      ORIGIN,
      (url) => {
        const { pathname } = new URL(url);
        events.push(`ahead ${pathname}`);
        return renderPage(pathname);
      },
      () => policy,
      1000,
    );
  return { cache, store, visit, renderAhead };
}

/** Published posts with no page kept: what rendering ahead has to do after an import. */
async function importPosts(count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const post = await createPost(t, { published_at: nowSeconds(), cover_image: null, read_time: 1 });
    paths.push(`/${String(post.slug)}`);
  }
  return paths;
}

describe('rendering ahead of readers, behind them', () => {
  it("answers a reader's request before the next page of a large backlog is rendered", async () => {
    const backlog = await importPosts(12);
    const site = server();
    const [first] = backlog.slice(-1);
    // The newest first: hold the first page rendered ahead, so the reader comes while the backlog is under way.
    const hold = holdRender(first ?? '');
    const ahead = site.renderAhead();
    await hold.started;
    const answer = site.visit(SLOW_PAGE);
    hold.release();
    expect(await answer).toContain(SLOW_PAGE);

    const asked = events.indexOf(`asked ${SLOW_PAGE}`);
    const answered = events.indexOf(`answered ${SLOW_PAGE}`);
    // Between the question and its answer, no page of the backlog started rendering; most of it is still to do.
    expect(events.slice(asked, answered).filter((event) => event.startsWith('ahead '))).toEqual([]);
    const aheadBeforeAnswer = events.slice(0, answered).filter((event) => event.startsWith('ahead ')).length;
    expect(aheadBeforeAnswer).toBeLessThan(backlog.length);

    await ahead;
    expect(backlog.filter((path) => !renders.has(path))).toEqual([]);
  });

  it('gives a reader asking for the page being rendered ahead that render, rendered once', async () => {
    const [path = ''] = await importPosts(1);
    const site = server();
    const hold = holdRender(path);
    const ahead = site.renderAhead();
    await hold.started;
    const answer = site.visit(path);
    // The reader has come meanwhile: rendering the page itself, or waiting for the render under way.
    for (let waited = 0; waited < 300 && renders.get(path) !== 2; waited += 10) await sleep(10);
    hold.release();
    expect(await answer).toContain(`<h1>${path}</h1>`);
    await ahead;
    expect(renders.get(path)).toBe(1);
  });

  it("renders nothing ahead while this process's writes settle, and the backlog once they have", async () => {
    const backlog = await importPosts(3);
    // Settling for longer than the test lasts: the import is still going on.
    const site = server({ writeSettleMs: 60_000 });
    await site.visit('/before-the-write');
    const [newest] = await importPosts(1);
    expect(site.cache.settlingForMs()).toBeGreaterThan(0);
    await site.renderAhead();
    expect(events.filter((event) => event.startsWith('ahead '))).toEqual([]);

    const settled = server();
    await settled.renderAhead();
    expect([...backlog, newest].filter((path) => path !== undefined && !renders.has(path))).toEqual([]);
  });
});
