/**
 * The web pages: React Router's request handler for every non-API path, and
 * the browser files it links to. In production both come from the web build
 * (`npm run build`); in development (`npm run dev`) from Vite, in process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createRequestHandler, type AppLoadContext, type RequestHandler, type ServerBuild } from 'react-router';
import type { CreateAppOptions } from './app.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { postWriteCount } from './db/queries/posts.ts';
import { resourceWriteCount } from './db/queries/resources.ts';
import { clientIp } from './http/client-ip.ts';

/**
 * Where `npm run build` writes the web app. Relative to the working
 * directory, like DATA_DIR: the server bundle imports it at run time rather
 * than bundling it.
 */
export const WEB_BUILD_DIR = 'build';

/** Hashed file names: a changed file gets a new name, so caches may keep them forever. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Files from public/ keep their names across releases: cache them briefly. */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=3600';

/** The load context of one request: the dependencies, and the caller's address for the forms' rate limits. */
function loadContext(deps: AppDeps, c: Context<AppEnv>): AppLoadContext {
  return {
    deps,
    // Read on demand: only form actions need it.
    get clientIp() {
      return clientIp(c, deps.config.TRUST_PROXY);
    },
  };
}

// Through c.body, so headers set by earlier middleware (X-Request-Id) are
// kept: Hono drops them when a handler returns its own Response.
const forward = (c: Context<AppEnv>, response: Response) =>
  response.body ? c.body(response.body, response) : c.body(null, response);

function pageHandler(deps: AppDeps, handleRequest: RequestHandler, cache?: PageCache): Handler<AppEnv> {
  return async (c) => {
    const render = () => handleRequest(c.req.raw, loadContext(deps, c));
    if (cache && (c.req.method === 'GET' || c.req.method === 'HEAD')) return cache.serve(c, render);
    return forward(c, await render());
  };
}

export interface PageCacheOptions {
  /** How many pages are kept at most (least recently used go first). */
  maxEntries: number;
  /** How many bytes of pages are kept at most. */
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
}

export const DEFAULT_PAGE_CACHE_OPTIONS: PageCacheOptions = {
  maxEntries: 1000,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: 60_000,
  checkIntervalMs: 1000,
  writeSettleMs: 2000,
};

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  /** Compressed copies, made on first demand. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, ArrayBuffer>>;
  etag: string;
  storedAt: number;
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

/**
 * Rendered public pages kept in memory, so a popular page is rendered once
 * rather than on every request (see docs/decisions/011-rendered-page-cache.md).
 * Only GET answers a page marks `public` are kept. Two things empty it:
 * a post or resource write by this process (at once), and a change of the
 * content fingerprint it reads from the database at most once per
 * `checkIntervalMs` (counts, versions, newest ids of posts and resources),
 * which also catches writes made by other servers.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;
  private fingerprint: string | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<boolean> | null = null;
  private writesSeen = postWriteCount() + resourceWriteCount();
  private freshUntil = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: PageCacheOptions = DEFAULT_PAGE_CACHE_OPTIONS,
  ) {}

  /** Answers from the cache, or renders, keeps a shareable answer and sends it. */
  async serve(c: Context<AppEnv>, render: () => Promise<Response>): Promise<Response> {
    const writes = postWriteCount() + resourceWriteCount();
    if (writes !== this.writesSeen) {
      this.writesSeen = writes;
      this.clear();
      this.freshUntil = Date.now() + this.options.writeSettleMs;
    }
    if (Date.now() < this.freshUntil) return forward(c, await render());
    const isFresh = await this.checkContent();
    const key = c.req.url;
    const cached = isFresh ? this.pages.get(key) : undefined;
    if (cached && Date.now() - cached.storedAt < this.options.ttlMs) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return this.send(c, cached);
    }
    if (cached) this.forget(key);

    const generation = this.generation;
    const response = await render();
    // A HEAD answer has no body to keep.
    if (!isFresh || c.req.method === 'HEAD' || !isShareable(response)) return forward(c, response);
    const body = await response.arrayBuffer();
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers],
      body,
      encoded: {},
      etag: `"${createHash('sha1').update(new Uint8Array(body)).digest('base64url')}"`,
      storedAt: Date.now(),
    };
    // Content changed while this page rendered: send it, but do not keep it.
    if (generation === this.generation) this.keep(key, page);
    return this.send(c, page);
  }

  /** Empties the cache (the content changed). */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  get size(): number {
    return this.pages.size;
  }

  private send(c: Context<AppEnv>, page: CachedPage): Response {
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    const headers = new Headers(page.headers);
    headers.set('Vary', 'Accept-Encoding');
    // One entity tag per encoding: the bytes differ.
    const etag = encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
    headers.set('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, { status: 304, headers });
    if (encoding === 'identity') return c.body(page.body, { status: page.status as ContentfulStatusCode, headers });
    const body = (page.encoded[encoding] ??= compressPage(page.body, encoding));
    headers.set('Content-Encoding', encoding);
    return c.body(body, { status: page.status as ContentfulStatusCode, headers });
  }

  private keep(key: string, page: CachedPage): void {
    if (page.body.byteLength > this.options.maxBytes) return;
    this.forget(key);
    this.pages.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest, old] of this.pages) {
      if (this.pages.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= old.body.byteLength;
    }
  }

  private forget(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.body.byteLength;
  }

  /**
   * Re-reads the content fingerprint when it is due; true when the cache may
   * be used. When the database cannot be read, nothing is served from or
   * kept in the cache until it can.
   */
  private async checkContent(): Promise<boolean> {
    if (Date.now() - this.checkedAt < this.options.checkIntervalMs && this.fingerprint !== null) return true;
    this.checking ??= this.readFingerprint()
      .then((fingerprint) => {
        if (fingerprint !== this.fingerprint) {
          if (this.fingerprint !== null) this.clear();
          this.fingerprint = fingerprint;
        }
        this.checkedAt = Date.now();
        return true;
      })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'page cache: content fingerprint unreadable, not caching');
        this.fingerprint = null;
        this.clear();
        return false;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async readFingerprint(): Promise<string> {
    const { db } = this.deps;
    // Any insert raises the newest id, any edit a version, any delete the count.
    const [posts, resources] = await Promise.all([
      db
        .selectFrom('posts')
        .select((eb) => [
          eb.fn.countAll().as('count'),
          eb.fn.sum('version').as('versions'),
          eb.fn.max('id').as('newest'),
          eb.fn.max('updated_at').as('updated'),
        ])
        .executeTakeFirst(),
      db
        .selectFrom('resources')
        .select((eb) => [
          eb.fn.countAll().as('count'),
          eb.fn.sum('version').as('versions'),
          eb.fn.max('id').as('newest'),
          eb.fn.max('updated_at').as('updated'),
        ])
        .executeTakeFirst(),
    ]);
    return JSON.stringify([posts, resources]);
  }
}

export interface PageRendererOptions {
  /** The rendered-page cache; false turns it off. */
  cache?: Partial<PageCacheOptions> | false;
}

/**
 * The page renderer from the web build, or null when there is no build (the
 * server then answers the API alone).
 */
export async function loadPageRenderer(
  deps: AppDeps,
  buildDir = WEB_BUILD_DIR,
  options: PageRendererOptions = {},
): Promise<Handler<AppEnv> | null> {
  const serverBuildFile = path.resolve(buildDir, 'server', 'index.js');
  if (!existsSync(serverBuildFile)) return null;
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const cache =
    options.cache === false ? undefined : new PageCache(deps, { ...DEFAULT_PAGE_CACHE_OPTIONS, ...options.cache });
  return pageHandler(deps, createRequestHandler(build, 'production'), cache);
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : ['/' + path.relative(root, full).split(path.sep).join('/')];
  });
}

/** A body in the encodings a browser may ask for, made once. */
interface EncodedBody {
  identity: ArrayBuffer;
  br: ArrayBuffer;
  gzip: ArrayBuffer;
}

type Encoding = keyof EncodedBody;

/** The best encoding the request accepts: brotli, then gzip, else none. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text files worth compressing; images other than SVG are compressed already.
const COMPRESSIBLE_FILE = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/;

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
};

/**
 * Serves the web build's browser files (build/client: scripts and styles
 * under /assets/, plus everything copied from public/). Only files that
 * existed at start are served, so a page path never costs a disk lookup and
 * nothing outside the folder can be reached. Scripts, styles and SVG are
 * read once, compressed once (brotli and gzip, best ratio: they never
 * change) and answered from memory in the encoding the browser prefers.
 * Null when there is no build.
 */
export function serveBuiltFiles(buildDir = WEB_BUILD_DIR): MiddlewareHandler<AppEnv> | null {
  const root = path.resolve(buildDir, 'client');
  if (!existsSync(root)) return null;
  const files = new Set(listFiles(root));
  const send = serveStatic<AppEnv>({ root });
  const encoded = new Map<string, Promise<EncodedBody>>();
  const encode = (filePath: string) => {
    let body = encoded.get(filePath);
    if (!body) {
      body = readFile(path.join(root, filePath)).then(async (raw) => {
        const [br, gz] = await Promise.all([
          brotliAsync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipAsync(raw, { level: 9 }),
        ]);
        return { identity: toArrayBuffer(raw), br: toArrayBuffer(br), gzip: toArrayBuffer(gz) };
      });
      body.catch(() => encoded.delete(filePath));
      encoded.set(filePath, body);
    }
    return body;
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const isAsset = c.req.path.startsWith('/assets/');
    if (files.has(c.req.path)) {
      c.header('Cache-Control', isAsset ? ASSET_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL);
      const extension = path.extname(c.req.path).slice(1);
      if (!COMPRESSIBLE_FILE.test(c.req.path)) return send(c, next);
      const body = await encode(c.req.path);
      const encoding = preferredEncoding(c.req.header('accept-encoding'));
      const headers: Record<string, string> = {
        'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        Vary: 'Accept-Encoding',
      };
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      return c.body(body[encoding], 200, headers);
    }
    // A stale script from an older release is not a page: answer a short 404
    // instead of rendering (and logging) the not-found page.
    if (isAsset) return c.text('Not found', 404);
    return next();
  };
}

export interface WebApp extends CreateAppOptions {
  close: () => Promise<void>;
}

/** The web app from the build; an API-only server when nothing is built. */
export async function loadBuiltWebApp(deps: AppDeps, buildDir = WEB_BUILD_DIR): Promise<WebApp> {
  const renderPage = await loadPageRenderer(deps, buildDir);
  if (!renderPage) {
    deps.logger.warn('no web build found: serving the API only (run `npm run build`)');
    return { close: async () => {} };
  }
  return { renderPage, serveStatic: serveBuiltFiles(buildDir) ?? undefined, close: async () => {} };
}

/**
 * The web app served by Vite in development: pages are rendered from the
 * sources on each request, browser modules are transformed on demand and
 * hot-reloaded. Vite is a development dependency, so it is imported here only.
 */
export async function startDevWebApp(deps: AppDeps): Promise<WebApp> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const handleRequest = createRequestHandler(
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  );

  // Vite's middleware stack answers its own paths (transformed modules,
  // public/ files, HMR client) straight on the Node response; every other
  // request goes on to the pages.
  const serveViteFiles: MiddlewareHandler<AppEnv> = (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const { incoming, outgoing } = c.env as unknown as HttpBindings;
    return new Promise<Response | undefined>((resolve, reject) => {
      const answered = () => resolve(RESPONSE_ALREADY_SENT);
      outgoing.once('close', answered);
      vite.middlewares(incoming, outgoing, (error?: unknown) => {
        outgoing.off('close', answered);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else next().then(() => resolve(undefined), reject);
      });
    });
  };

  return {
    renderPage: pageHandler(deps, handleRequest),
    serveStatic: serveViteFiles,
    close: () => vite.close(),
  };
}
