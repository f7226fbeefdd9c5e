/**
 * The in-process cache of public answers (rendered pages and public API
 * reads), emptied when posts or resources change, plus the content-encoding
 * helpers it shares with the static files.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ContentFingerprint, FeedChange } from '../freshness/change-feed.ts';
import { answerSourcesOf, expiryOf, ownExpiry, touches } from '../freshness/answer-marks.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { createNonce, frameSourcesOf, scriptNonceOf, withFrameSources } from './content-security-policy.ts';
import { NoncedBody } from './nonced-body.ts';
import { isStorablePath, storedPathOf, type RenderedPageStore, type RenderStart, type StoredPage } from './rendered-page-store.ts';
import { SegmentedLru } from '../segmented-lru.ts';

export type Encoding = 'identity' | 'br' | 'gzip';

/** The best encoding the request accepts: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * A view of `body` to answer with. The Node adapter sends a Uint8Array
 * straight to the socket, while an ArrayBuffer makes it build a full fetch
 * Response with a body stream first: several times the work of a cache hit.
 */
export const bytesOf = (body: ArrayBuffer): Uint8Array<ArrayBuffer> => new Uint8Array(body);

export const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

// Through c.body, so headers set by earlier middleware (X-Request-Id) are
// kept: Hono drops them when a handler returns its own Response.
const forwardAsIs = (c: Context<AppEnv>, response: Response) =>
  response.body ? c.body(response.body, response) : c.body(null, response);

// Rendered answers worth compressing: pages, route data, JSON, feeds. Not
// event streams, which must reach the client as they are written.
const COMPRESSIBLE_TYPE = /^(text\/(html|plain|xml|x-script)|application\/([\w.+-]*\+)?(json|xml))\b/i;
/** Below this, compressing saves less than the bytes of its headers. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Sends a rendered answer that is not kept (the first page after a write,
 * a private page, a form's answer, the route manifest of a client
 * navigation) compressed as a kept one would be, when the client accepts it.
 */
export async function forward(c: Context<AppEnv>, response: Response): Promise<Response> {
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  if (
    encoding === 'identity' ||
    !response.body ||
    c.req.method === 'HEAD' ||
    response.headers.has('content-encoding') ||
    !COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '')
  ) {
    return forwardAsIs(c, response);
  }
  const body = await response.arrayBuffer();
  // A status with a body: `response.body` is there.
  const status = response.status as ContentfulStatusCode;
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (body.byteLength < COMPRESS_MIN_BYTES) return c.body(bytesOf(body), { status, headers });
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  return c.body(bytesOf(compressPage(body, encoding)), { status, headers });
}

export interface ResponseCacheOptions {
  /**
   * The bytes the kept answers may take, every encoding counted: a page
   * used once goes before one used again (decision 034).
   */
  maxBytes: number;
  /** How long a page is kept at most, whatever happens. */
  ttlMs: number;
  /**
   * How often the content fingerprint is read; a change empties the cache.
   * 0 reads it before every cached answer (tests).
   */
  checkIntervalMs: number;
  /**
   * After a post or resource write by this process, pages are rendered
   * afresh and not kept for this long: the write's transaction commits
   * meanwhile, and the next fingerprint check sees it.
   */
  writeSettleMs: number;
  /**
   * A page a write drops is rendered again in the background, once the
   * write has settled, when a reader asked for it within this long: the
   * next reader finds it warm. 0 leaves every dropped page to its next reader.
   */
  rewarmWithinMs: number;
}

export const DEFAULT_RESPONSE_CACHE_OPTIONS: ResponseCacheOptions = {
  maxBytes: 48 * 1024 * 1024,
  ttlMs: 60_000,
  checkIntervalMs: 1000,
  writeSettleMs: 2000,
  rewarmWithinMs: 5 * 60_000,
};

/** At most this many dropped pages are rendered again per write, the most recently read first. */
const REWARM_MAX_PAGES = 200;
/**
 * A background render waits for the readers' requests in flight to be
 * answered first, but at most this long: a site never without a reader
 * still gets its pages rendered ahead, one at this pace at worst.
 */
const BACKGROUND_WAITS_MAX_MS = 500;

/** A page's address within the site, whatever host name it was asked under: its path and query string. */
function addressOf(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** Renders the page at a URL as a reader's request would (for the background re-render). */
export type PageRender = (url: string) => Promise<Response>;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  /** Compressed copies, made on first demand. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, ArrayBuffer>>;
  /** A page whose script nonce is renewed on every answer (then `body` is unused). */
  nonced?: { body: NoncedBody; policy: (nonce: string) => string };
  etag: string;
  /** Until when (epoch milliseconds) the copy may answer: the cache's own bound, or sooner when the answer says so. */
  expiresAt: number;
  /** What the page was made from (decision 070); null: it may show anything, and every write touches it. */
  sources: ReadonlySet<string> | null;
  /** When a reader last asked for it (epoch milliseconds). */
  readAt: number;
  /** How to render it again in the background once a write drops it; none for answers kept otherwise. */
  render?: PageRender | undefined;
}


/**
 * The share of the budget pages used more than once may fill: the rest is
 * left to new pages, long enough for a page asked for again to get there.
 */
const PROTECTED_SHARE = 0.8;
/**
 * The share pages used once may fill (decision 103): a crawler, or the
 * first visits after a restart that the rendered-page store answers, fill
 * a quarter of the budget and not all of it. A page asked for again within
 * that many others stays for longer; one that is not comes back from the
 * store, a read, not a render.
 */
const PROBATION_SHARE = 0.25;
/** The page's object, its entry in the cache and its entity tag, beside its bodies. */
const PAGE_OVERHEAD_BYTES = 512;

/**
 * Every body a page holds (plain, compressed, nonced pieces), its headers and
 * its key: the address, query string and all, which a visitor chooses freely.
 */
function pageBytes(page: CachedPage, key: string): number {
  const bodies =
    page.body.byteLength +
    (page.encoded.br?.byteLength ?? 0) +
    (page.encoded.gzip?.byteLength ?? 0) +
    (page.nonced?.body.heldBytes ?? 0);
  const headers = page.headers.reduce((total, [name, value]) => total + name.length + value.length, 0);
  // Two bytes a character: a string's widest form.
  return PAGE_OVERHEAD_BYTES + bodies + headers + 2 * key.length;
}

// Pages change: a quick compression level (a few milliseconds, once per
// kept page) rather than the best ratio.
function compressPage(body: ArrayBuffer, encoding: Exclude<Encoding, 'identity'>): ArrayBuffer {
  const input = new Uint8Array(body);
  return toArrayBuffer(
    encoding === 'br'
      ? brotliCompressSync(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(input, { level: 6 }),
  );
}

// Response headers that make a page private to one visitor or one variant.
const isShareable = (response: Response) =>
  response.status === 200 &&
  /^public\b/.test(response.headers.get('cache-control') ?? '') &&
  !response.headers.has('set-cookie') &&
  !response.headers.has('vary');

const entityTag = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64url');


/** What a kept page is made of, from a render or from the rendered-page store. */
interface PageParts {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  sources: ReadonlySet<string> | null;
  expiresAt: number;
}

const partsOf = (response: Response, body: ArrayBuffer, ttlMs: number): PageParts => ({
  status: response.status,
  headers: [...response.headers],
  body,
  sources: answerSourcesOf(response),
  expiresAt: expiryOf(response, ttlMs),
});

function staticPage({ status, headers, body, sources, expiresAt }: PageParts): CachedPage {
  return {
    status,
    headers,
    body,
    encoded: {},
    etag: `"${entityTag(new Uint8Array(body))}"`,
    expiresAt,
    sources,
    readAt: Date.now(),
  };
}

function noncedPage(
  { status, headers, body, sources, expiresAt }: Omit<PageParts, 'body'> & { body: ArrayBuffer | Uint8Array },
  nonce: string,
  policy: (nonce: string) => string,
): CachedPage {
  const nonced = new NoncedBody(body instanceof Uint8Array ? body : new Uint8Array(body), nonce);
  const rendered = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  return {
    status,
    // Each answer gets the policy of its own nonce, with the frames its render allowed (a campaign video's player).
    headers: headers.filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    body: new ArrayBuffer(0),
    encoded: {},
    nonced: { body: nonced, policy: withFrameSources(policy, frameSourcesOf(rendered)) },
    // Weak: the bytes differ by their nonce, the page does not.
    etag: `W/"${entityTag(nonced.template(''))}"`,
    expiresAt,
    sources,
    readAt: Date.now(),
  };
}


/** How many applied changes are remembered; a render that began further back is kept by none of them. */
const CHANGES_KEPT = 256;

/** Whether the request accepts gzip (nonced pages are never sent in brotli). */
const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b/i.test(acceptEncoding ?? '');

/**
 * Public answers kept in memory, so a popular page or API list is rendered
 * once rather than on every request (see docs/decisions/011-rendered-page-cache.md;
 * its bound and eviction: 034-page-cache-scan-resistant-by-bytes.md).
 * Only GET answers marked `public` are kept. Two things empty it:
 * a post or resource write by this process (at once), and a change of the
 * content fingerprint it reads from the database at most once per
 * `checkIntervalMs` (counts, versions, newest ids of posts and resources),
 * which also catches writes made by other servers.
 */
export class ResponseCache {
  private readonly pages: SegmentedLru<CachedPage>;
  /**
   * How many changes this cache has applied (this process's writes and
   * other servers' alike), and what each of the last ones touched (null:
   * anything), the newest last. A render notes the count before it reads
   * and is kept only if none applied since touches what it shows.
   */
  private changesApplied = 0;
  private appliedScopes: (ReadonlySet<string> | null)[] = [];
  private fingerprint: ContentFingerprint | null = null;
  /** How far into the changes the change feed found this cache has gone. */
  private feedPosition = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<boolean> | null = null;
  private writesSeen: number;
  /** This process's recent writes, whose transactions may still be committing: pages they touch are not kept meanwhile. */
  private settling: { touched: ReadonlySet<string> | null; until: number }[] = [];
  /** Dropped pages readers asked for lately, waiting to be rendered again, with how each is rendered. */
  private rewarmQueue = new Map<string, { render: PageRender; policy: ((nonce: string) => string) | undefined }>();
  private rewarming: Promise<void> | null = null;
  /** Readers' requests being answered now: background renders wait for them (decision 104). */
  private readersInFlight = 0;
  /** Background renders waiting for the readers in flight to be answered. */
  private readersAnswered: (() => void)[] = [];
  /**
   * Background renders under way, by page address (path and query: a reader may use another host name than the
   * site's), with the key each is kept under: a reader asking for one meanwhile takes its result instead of
   * rendering it too.
   */
  private backgroundRenders = new Map<string, { key: string; page: Promise<CachedPage | null> }>();
  /** Pages readers are rendering now, by address: rendering ahead leaves them to those renders. */
  private readerRenders = new Set<string>();
  /** While rendering ahead, the pages readers rendered and kept since it listed its pages: current, not rendered twice. */
  private keptByReaders: Set<string> | null = null;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'logger' | 'contentChanges' | 'changeFeed' | 'pageRenders'>,
    private readonly options: ResponseCacheOptions = DEFAULT_RESPONSE_CACHE_OPTIONS,
    /** Where rendered pages are kept beneath this cache, for every server and past restarts (decision 073). */
    private readonly store?: RenderedPageStore,
  ) {
    this.writesSeen = deps.contentChanges.count;
    this.pages = new SegmentedLru({
      maxBytes: options.maxBytes,
      protectedShare: PROTECTED_SHARE,
      probationShare: PROBATION_SHARE,
      sizeOf: pageBytes,
    });
    // Pages to render again are chosen when a write is noticed: this process's at once, not at the next request.
    if (options.rewarmWithinMs > 0) deps.contentChanges.onWrite(() => this.noticeWrites());
  }

  /**
   * Answers from the cache, or renders, keeps a shareable answer and sends it.
   * With `policy` (the Content-Security-Policy for a nonce), a page rendered
   * with a script nonce is answered with a new one each time.
   */
  async serve(
    c: Context<AppEnv>,
    render: () => Promise<Response>,
    policy?: (nonce: string) => string,
    renderUrl?: PageRender,
  ): Promise<Response> {
    this.readersInFlight += 1;
    try {
      return await this.answer(c, render, policy, renderUrl);
    } finally {
      this.readersInFlight -= 1;
      if (this.readersInFlight === 0) {
        const waiting = this.readersAnswered;
        this.readersAnswered = [];
        for (const resume of waiting) resume();
      }
    }
  }

  private async answer(
    c: Context<AppEnv>,
    render: () => Promise<Response>,
    policy: ((nonce: string) => string) | undefined,
    renderUrl: PageRender | undefined,
  ): Promise<Response> {
    this.noticeWrites();
    const isFresh = await this.checkContent();
    const key = c.req.url;
    const cached = this.pages.peek(key);
    if (cached && isFresh && Date.now() < cached.expiresAt && !this.isSettling(cached.sources)) {
      this.pages.use(key);
      cached.readAt = Date.now();
      return this.send(c, cached, key);
    }

    const address = addressOf(key);
    // The page is being rendered in the background right now: its render answers, once it is one to keep.
    const underWay = isFresh ? this.backgroundRenders.get(address) : undefined;
    if (underWay) {
      const page = await underWay.page;
      if (page && this.pages.peek(underWay.key) === page && !this.isSettling(page.sources)) return this.send(c, page, underWay.key);
    }

    const storedAs = isFresh && c.req.method === 'GET' ? this.storePathOf(key) : null;
    if (storedAs) {
      const stored = await this.fromStore(storedAs, key, policy, renderUrl);
      if (stored) return this.send(c, stored, key);
    }

    const start = storedAs ? await this.beginRender() : null;
    // This process's writes announced by now are applied first: they do not count as changes after the render began.
    this.noticeWrites();
    const changesBefore = this.changesApplied;
    this.readerRenders.add(address);
    let response: Response;
    try {
      response = await render();
    } finally {
      this.readerRenders.delete(address);
    }
    // stale-if-error: a page that cannot be rendered now (the database is
    // down) is answered from the copy kept earlier, however old.
    if (response.status >= 500 && cached) {
      await response.body?.cancel();
      // A failed API read is the context's answer already, whose headers Hono carries onto the next one:
      // the copy is an answer, not a refusal, and must not tell the client to come back.
      c.header('Retry-After', undefined);
      this.deps.logger.warn({ path: c.req.path, status: response.status }, 'response cache: serving a stale copy');
      this.pages.use(key);
      return this.send(c, cached, key);
    }
    // A HEAD answer has no body to keep.
    if (!isFresh || c.req.method === 'HEAD' || !isShareable(response)) {
      if (cached) this.pages.delete(key);
      return await forward(c, response);
    }
    const page = await this.keep(key, response, { changesBefore, policy, renderUrl, start });
    if (start && this.pages.peek(key) === page) this.keptByReaders?.add(address);
    return this.send(c, page, key);
  }

  /** The path a page at `url` is kept under in the store; null when it is not kept there. */
  private storePathOf(url: string): string | null {
    if (!this.store || this.fingerprint === null) return null;
    const parsed = new URL(url);
    return isStorablePath(parsed) ? storedPathOf(parsed) : null;
  }

  /** What a render that may be kept in the store starts from; null when the store cannot be read now. */
  private async beginRender(): Promise<{ render: RenderStart; rest: string } | null> {
    const rest = this.fingerprint?.rest;
    if (!this.store || rest === undefined) return null;
    try {
      return { render: await this.store.begin(), rest };
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'rendered pages: write sequence unreadable, not keeping this page');
      return null;
    }
  }

  /**
   * The page kept in the store for `path`, when it is current, now kept in
   * memory too; null to render it. Not while a write of this process that
   * touches it may still be committing.
   */
  private async fromStore(
    path: string,
    key: string,
    policy: ((nonce: string) => string) | undefined,
    renderUrl: PageRender | undefined,
  ): Promise<CachedPage | null> {
    const rest = this.fingerprint?.rest;
    if (!this.store || rest === undefined) return null;
    const changesBefore = this.changesApplied;
    let stored: StoredPage | null;
    try {
      stored = await this.store.find(path, rest);
    } catch (error) {
      this.deps.logger.warn({ err: error, path }, 'rendered pages: a kept page could not be read');
      return null;
    }
    // A page rendered with a nonce needs the policy that carries it, and the other way round.
    if (!stored || (stored.nonce !== null) !== (policy !== undefined)) return null;
    this.noticeWrites();
    if (this.changedSince(changesBefore, stored.sources) || this.isSettling(stored.sources)) return null;
    const parts = {
      status: stored.status,
      headers: stored.headers,
      sources: stored.sources,
      expiresAt: Math.min(Date.now() + this.options.ttlMs, stored.validUntil),
    };
    const page =
      stored.nonce !== null && policy
        ? noncedPage({ ...parts, body: stored.body }, stored.nonce, policy)
        : staticPage({ ...parts, body: toArrayBuffer(stored.body) });
    page.render = renderUrl;
    this.pages.set(key, page);
    return page;
  }

  /**
   * Reads a rendered answer into a page and keeps it, unless content it
   * shows changed while it rendered (the old copy went with the change) or
   * it is out of date already: then the page is still answered, once.
   */
  private async keep(
    key: string,
    response: Response,
    {
      changesBefore,
      policy,
      renderUrl,
      start,
    }: {
      /** How many changes this cache had applied before the render began reading. */
      changesBefore: number;
      policy: ((nonce: string) => string) | undefined;
      renderUrl: PageRender | undefined;
      /** Set when the page may be kept in the store too: what its render started from. */
      start: { render: RenderStart; rest: string } | null;
    },
  ): Promise<CachedPage> {
    const body = await response.arrayBuffer();
    const nonce = policy ? scriptNonceOf(response.headers.get('content-security-policy')) : null;
    const { ttlMs } = this.options;
    const parts = partsOf(response, body, ttlMs);
    const page = policy && nonce ? noncedPage(parts, nonce, policy) : staticPage(parts);
    page.render = renderUrl;
    this.noticeWrites();
    if (!this.changedSince(changesBefore, page.sources) && !this.isSettling(page.sources) && Date.now() < page.expiresAt) {
      this.pages.set(key, page);
      if (start && this.store && COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '')) {
        this.store.save(
          storedPathOf(new URL(key)),
          // The render's own policy is kept with it: the frames it allows come back with the page.
          { status: page.status, headers: parts.headers, body: Buffer.from(body), nonce: page.nonced ? nonce : null, sources: page.sources, expiresAt: ownExpiry(page.headers) },
          start.render,
          start.rest,
        );
      }
    } else {
      this.pages.delete(key);
    }
    return page;
  }

  /**
   * Forgets the pages this process's writes since the last look touched,
   * and keeps none they touch while their transactions settle.
   */
  private noticeWrites(): void {
    const writes = this.deps.contentChanges.count;
    if (writes === this.writesSeen) return;
    const touched = this.deps.contentChanges.touchedSince(this.writesSeen);
    this.writesSeen = writes;
    this.invalidate(touched);
    const now = Date.now();
    this.settling = this.settling.filter((write) => write.until > now);
    this.settling.push({ touched, until: now + this.options.writeSettleMs });
  }

  /** How long this process's writes still settle. */
  private settlingLeftMs(): number {
    return Math.max(0, ...this.settling.map((write) => write.until - Date.now()));
  }

  /** Whether a recent write of this process, maybe not yet committed, touches a page made from `sources`. */
  private isSettling(sources: ReadonlySet<string> | null): boolean {
    const now = Date.now();
    return this.settling.some((write) => write.until > now && touches(write.touched, sources));
  }

  /**
   * Forgets the pages a write that touched `touched` changes, from this
   * process or another server; null empties the cache. A render begun
   * before is not kept if it shows any of it.
   */
  invalidate(touched: ReadonlySet<string> | null): void {
    if (touched === null) {
      this.clear();
      return;
    }
    this.applied(touched);
    this.queueRewarm((page) => touches(touched, page.sources));
    this.pages.deleteWhere((page) => touches(touched, page.sources));
  }

  /** Empties the cache (the content changed). */
  clear(): void {
    this.applied(null);
    this.queueRewarm(() => true);
    this.pages.clear();
  }

  private applied(touched: ReadonlySet<string> | null): void {
    this.changesApplied += 1;
    this.appliedScopes.push(touched);
    if (this.appliedScopes.length > CHANGES_KEPT) this.appliedScopes.shift();
  }

  /**
   * Whether a change applied after the `count`-th touches a page made from
   * `sources`: one that began reading before it may show what it replaced.
   */
  private changedSince(count: number, sources: ReadonlySet<string> | null): boolean {
    const missed = this.changesApplied - count;
    if (missed <= 0) return false;
    if (missed > this.appliedScopes.length) return true;
    return this.appliedScopes.slice(-missed).some((touched) => touches(touched, sources));
  }

  /**
   * Notes the pages about to be dropped that readers asked for lately, and
   * renders them again once the write has settled (decision 070): one at a
   * time, in the background, each unless a reader has brought it back first.
   */
  private queueRewarm(dropped: (page: CachedPage) => boolean): void {
    const { rewarmWithinMs, writeSettleMs } = this.options;
    if (rewarmWithinMs <= 0) return;
    const since = Date.now() - rewarmWithinMs;
    const recent = [...this.pages.entries()]
      .filter(([, page]) => page.render && page.readAt >= since && dropped(page))
      .sort(([, a], [, b]) => b.readAt - a.readAt)
      .slice(0, REWARM_MAX_PAGES);
    for (const [key, page] of recent) if (page.render) this.rewarmQueue.set(key, { render: page.render, policy: page.nonced?.policy });
    if (this.rewarmQueue.size === 0 || this.rewarming) return;
    this.rewarming = new Promise<void>((resolve) => {
      // Past the settling of the write, whose pages are not kept before.
      const timer = setTimeout(() => void this.rewarmQueued().finally(resolve), writeSettleMs + 50);
      timer.unref();
    }).finally(() => {
      this.rewarming = null;
    });
  }

  private async rewarmQueued(): Promise<void> {
    // A write still settling keeps no page it touches: wait it out (a long one is announced again as it commits).
    for (let left = this.settlingLeftMs(); left > 0; left = this.settlingLeftMs()) await sleep(left + 50);
    for (const [key, { render, policy }] of this.rewarmQueue) {
      await this.readersFirst();
      this.rewarmQueue.delete(key);
      if (this.pages.peek(key) || this.readerRenders.has(addressOf(key))) continue;
      this.deps.pageRenders.rendered('read_lately');
      const page = await this.renderInBackground(key, render, policy);
      // Warmed for readers to come: it counts as read when one asks, not now.
      if (page) page.readAt = 0;
    }
  }

  /**
   * Renders the page at `key` as a reader's request would, and keeps it
   * (in the store too); false when the content cannot be checked now, the
   * page is not one to keep, or the render failed.
   */
  private renderInBackground(key: string, render: PageRender, policy: ((nonce: string) => string) | undefined): Promise<CachedPage | null> {
    const address = addressOf(key);
    const rendering = this.renderBehindReaders(key, render, policy).finally(() => {
      if (this.backgroundRenders.get(address)?.page === rendering) this.backgroundRenders.delete(address);
    });
    this.backgroundRenders.set(address, { key, page: rendering });
    return rendering;
  }

  /**
   * Waits until the readers' requests in flight are answered (at most
   * `BACKGROUND_WAITS_MAX_MS`), and lets what else is queued run first:
   * work done ahead of readers never stands in front of one (decision 104).
   */
  private async readersFirst(): Promise<void> {
    if (this.readersInFlight > 0) {
      await new Promise<void>((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          this.readersAnswered = this.readersAnswered.filter((waiting) => waiting !== resume);
          resolve();
        }, BACKGROUND_WAITS_MAX_MS);
        timer.unref();
        this.readersAnswered.push(resume);
      });
    }
    // The answers just made are written out before the next render takes the thread.
    await new Promise((resolve) => setImmediate(resolve));
  }

  private async renderBehindReaders(key: string, render: PageRender, policy: ((nonce: string) => string) | undefined): Promise<CachedPage | null> {
    try {
      this.noticeWrites();
      if (!(await this.checkContent())) return null;
      const start = this.storePathOf(key) ? await this.beginRender() : null;
      this.noticeWrites();
      const changesBefore = this.changesApplied;
      const response = await render(key);
      if (response.status >= 300 || !isShareable(response)) {
        await response.body?.cancel();
        // Gone, moved or private now: its kept copy is of no use.
        const path = this.storePathOf(key);
        if (path && response.status < 500) await this.store?.forget(path);
        return null;
      }
      return await this.keep(key, response, { changesBefore, policy, renderUrl: render, start });
    } catch (error) {
      this.deps.logger.warn({ err: error, url: key }, 'response cache: a page could not be rendered in the background');
      return null;
    }
  }

  /**
   * Brings the store up to date ahead of readers (decision 073): renders
   * the kept pages no longer current and the live posts and resources with
   * no page kept, `origin` + path each, at most `limit`; answers how many
   * it looked at, so the caller knows whether more are left.
   */
  async renderAhead(
    origin: string,
    render: PageRender,
    policyOf: (path: string) => ((nonce: string) => string) | undefined,
    limit: number,
  ): Promise<number> {
    if (!this.store || !(await this.checkContent()) || this.fingerprint === null) return 0;
    const keptByReaders = new Set<string>();
    this.keptByReaders = keptByReaders;
    try {
      const paths = await this.store.outOfDate(this.fingerprint.rest, limit);
      for (const path of paths) {
        // One render at a time, each after the readers' requests in flight.
        await this.readersFirst();
        // A write of this process settling keeps no page it touches: the caller comes back once it has settled.
        if (this.settlingForMs() > 0) break;
        // A reader renders it now, or did since it was listed: that render is kept as this one would be.
        if (this.readerRenders.has(path) || keptByReaders.has(path)) continue;
        const page = await this.renderInBackground(`${origin}${path}`, render, policyOf(path));
        if (page) page.readAt = 0;
      }
      return paths.length;
    } finally {
      if (this.keptByReaders === keptByReaders) this.keptByReaders = null;
    }
  }

  /**
   * How long this process's latest writes still settle: rendering ahead
   * waits for that, since no page they touch is kept before (decision 104).
   */
  settlingForMs(): number {
    this.noticeWrites();
    return this.settlingLeftMs();
  }

  /** Waits for the background re-render under way, if any (tests). */
  async settled(): Promise<void> {
    while (this.rewarming) await this.rewarming;
  }

  /** Calls `listener` when every page kept in the store was marked out of date (a change no write described). */
  onAllStale(listener: () => void): void {
    this.store?.onAllStale(listener);
  }

  /** Whether rendered pages are kept in the store beneath this cache. */
  get hasStore(): boolean {
    return this.store !== undefined;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.pages.size;
  }

  /** The bytes the kept answers take, every encoding counted. */
  get bytes(): number {
    return this.pages.bytes;
  }

  private send(c: Context<AppEnv>, page: CachedPage, key: string): Response {
    const accepted = c.req.header('accept-encoding');
    // A nonced page is spliced into gzip per answer; brotli would mean compressing it anew.
    const encoding = page.nonced ? (acceptsGzip(accepted) ? 'gzip' : 'identity') : preferredEncoding(accepted);
    const headers = new Headers(page.headers);
    headers.set('Vary', 'Accept-Encoding');
    // One entity tag per encoding: the bytes differ.
    const etag = encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
    headers.set('ETag', etag);
    // Without a policy the browser keeps the one stored with its copy, whose nonce that copy carries.
    if (c.req.header('if-none-match') === etag) return c.body(null, { status: 304, headers });
    const status = page.status as ContentfulStatusCode;
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    if (page.nonced) {
      const nonce = createNonce();
      headers.set('Content-Security-Policy', page.nonced.policy(nonce));
      const body =
        encoding === 'gzip' ? this.gzipNonced(page.nonced.body, nonce, key, page) : page.nonced.body.withNonce(nonce);
      // The buffer as it is (Buffer.concat never makes a shared one): a copy
      // into its own ArrayBuffer would double the work per answer.
      const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
      return c.body(bytes, { status, headers });
    }
    const body = encoding === 'identity' ? page.body : this.encoded(page, encoding, key);
    return c.body(bytesOf(body), { status, headers });
  }

  /** The page compressed, made on first demand and then counted in the cache's bytes. */
  private encoded(page: CachedPage, encoding: Exclude<Encoding, 'identity'>, key: string): ArrayBuffer {
    const made = page.encoded[encoding];
    if (made) return made;
    const body = (page.encoded[encoding] = compressPage(page.body, encoding));
    this.remeasure(key, page);
    return body;
  }

  /** A gzip answer of a nonced page: its first one deflates the pieces, which the cache then counts. */
  private gzipNonced(body: NoncedBody, nonce: string, key: string, page: CachedPage): Buffer {
    const held = body.heldBytes;
    const gzipped = body.gzipWithNonce(nonce);
    if (body.heldBytes !== held) this.remeasure(key, page);
    return gzipped;
  }

  /** Counts what `page` holds now, if it is still the one kept under `key`. */
  private remeasure(key: string, page: CachedPage): void {
    if (this.pages.peek(key) === page) this.pages.resize(key);
  }

  /**
   * Re-reads the content fingerprint when it is due; true when the cache may
   * be used. When the database cannot be read, pages are rendered afresh
   * (and copies kept only serve when that fails), until it can; a
   * fingerprint that changed meanwhile then empties the cache.
   */
  private async checkContent(): Promise<boolean> {
    if (Date.now() - this.checkedAt < this.options.checkIntervalMs && this.fingerprint !== null) return true;
    this.checking ??= this.deps.changeFeed
      .check(this.options.checkIntervalMs)
      .then(async ({ fingerprint, position }) => {
        // The store's kept pages are judged on stamps read as often as the fingerprint.
        await this.store?.readStamps();
        if (this.fingerprint !== null) {
          for (const change of this.deps.changeFeed.since(this.feedPosition)) await this.apply(change);
        }
        this.feedPosition = position;
        this.fingerprint = fingerprint;
        this.checkedAt = Date.now();
        return true;
      })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'response cache: content fingerprint unreadable, not caching');
        // Read again on the next request; the copies stay for stale-if-error.
        this.checkedAt = Number.NEGATIVE_INFINITY;
        return false;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  /** Drops what a change some server made touched (this process's own writes were dropped as they were announced). */
  private async apply(change: FeedChange): Promise<void> {
    if (change.settings) {
      this.clear();
    } else {
      // Kept pages of the store go with a change no write stamped.
      if (change.unexplained) await this.store?.stampAnything();
      this.invalidate(change.touched);
    }
    this.deps.contentChanges.changedElsewhere();
  }
}
