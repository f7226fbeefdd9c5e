/**
 * The web pages: React Router's request handler for every non-API path, and
 * the browser files it links to. In production both come from the web build
 * (`npm run build`); in development (`npm run dev`) from Vite, in process.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { createRequestHandler, type AppLoadContext, type RequestHandler, type ServerBuild } from 'react-router';
import type { CreateAppOptions } from './app.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import type { AppServices } from './services/index.ts';
import { composeApp } from './start-up.ts';
import { siteOrigin } from './config.ts';
import { nowSeconds } from './db/database.ts';
import type { JobKind } from './jobs/jobs.ts';
import { isDatabaseUnavailable } from '../common/database-unavailable.ts';
import { countedPath } from './analytics/visitor.ts';
import type { PublicPages } from './analytics/public-pages.ts';
import { canonicalRedirect } from './http/canonical-paths.ts';
import { clientIp } from './http/client-ip.ts';
import { isPrivateLinkPath } from '../common/private-links.ts';
import { VIDEO_FRAME_ORIGINS } from '../common/campaign-video.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './http/errors.ts';
import { createNonce, pageContentSecurityPolicy, withFrameSources } from './http/content-security-policy.ts';
import { isEmbeddablePage } from './http/security-headers.ts';
import { RenderedPageStore, renderKey } from './http/rendered-page-store.ts';
import { expireAnswerAt, noteAnswerSources } from './freshness/answer-marks.ts';
import { tagAnswer } from './freshness/cache-tags.ts';
import {
  bytesOf,
  DEFAULT_RESPONSE_CACHE_OPTIONS,
  forward,
  preferredEncoding,
  ResponseCache,
  toArrayBuffer,
  type Encoding,
  type ResponseCacheOptions,
} from './http/response-cache.ts';

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

/** What every page of one app is given: its dependencies and the services built on them. */
interface PageDeps {
  deps: AppDeps;
  services: AppServices;
}

/**
 * A page's loader or action that fails because the database is not
 * answering throws a 503 answer instead, which React Router renders as the
 * error page with that status (or sends as is, for the feeds and data
 * requests), so a visitor and a crawler are told to come back rather than
 * shown a 500. Caught here once, around every loader and action of the
 * build; page modules that catch errors themselves let an outage through
 * (app/server/form-answer.server.ts).
 */
function withOutageAs503(build: ServerBuild, logger: AppDeps['logger']): ServerBuild {
  const unavailable = (error: unknown): never => {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, 'database unavailable');
    throw new Response('The site is briefly unavailable. Please try again in a moment.', {
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Content-Type': 'text/plain; charset=utf-8' },
    });
  };
  const guard = <Args extends unknown[], Result>(run: (...args: Args) => Result) =>
    async (...args: Args): Promise<Awaited<Result>> => {
      try {
        return await run(...args);
      } catch (error) {
        return unavailable(error);
      }
    };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const { loader, action } = route.module;
      const module = { ...route.module, ...(loader ? { loader: guard(loader) } : {}), ...(action ? { action: guard(action) } : {}) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

/**
 * The load context of one request: the services, a logger, the caller's
 * address for the forms' rate limits, and the nonce the page's scripts carry.
 */
function loadContext({ services, deps }: PageDeps, path: string, cspNonce: string | undefined, callerIp: () => string): AppLoadContext {
  return {
    services,
    logger: deps.logger,
    cspNonce,
    // React Router's data requests (client navigations) end in `.data`; pages send the article body once.
    pageBody: path.endsWith('.data') ? null : {},
    pageChanges: { at: null },
    pageSources: { sources: null },
    pageFrames: { origins: [] },
    // Read on demand: only form actions need it.
    get clientIp() {
      return callerIp();
    },
  };
}

const VIDEO_FRAME_ORIGIN_SET = new Set<string>(Object.values(VIDEO_FRAME_ORIGINS));

/** The address of the server's own background renders, which post no form. */
const OWN_ADDRESS = '127.0.0.1';

/** The page policies: the usual one, and the one of the pages other sites may frame. */
interface PagePolicies {
  page: (nonce: string) => string;
  embeddable: (nonce: string) => string;
}

/**
 * Renders pages; with `policies`, each answer carries a Content-Security-Policy
 * whose nonce only the page's own scripts know (off in development, where
 * Vite injects scripts of its own).
 */
function pageHandler(
  page: PageDeps,
  handleRequest: RequestHandler,
  { cache, policies }: { cache?: ResponseCache | undefined; policies?: PagePolicies | undefined } = {},
): Handler<AppEnv> {
  const policyOf = (path: string) => policies && (isEmbeddablePage(path) ? policies.embeddable : policies.page);
  // Only a render needs a nonce; the cache draws its own for each answer it keeps.
  const renderRequest = async (request: Request, path: string, callerIp: () => string) => {
    const policy = policyOf(path);
    const nonce = policy ? createNonce() : undefined;
    const context = loadContext(page, path, nonce, callerIp);
    const response = await handleRequest(request, context);
    // A countdown or badge that changes at a known second: no copy outlives it (decision 062).
    if (context.pageChanges.at !== null) expireAnswerAt(response.headers, context.pageChanges.at);
    // Only what it shows invalidates it (decision 070).
    if (context.pageSources.sources !== null) noteAnswerSources(response, context.pageSources.sources);
    // The same sources tell a CDN in front which writes purge it (decision 098); kept copies carry them too.
    tagAnswer(response.headers, context.pageSources.sources);
    if (policy && nonce && response.headers.get('content-type')?.startsWith('text/html')) {
      // Only the players of the videos this page shows may be framed, and only from their known origins (decision 094).
      const frames = context.pageFrames.origins.filter((origin) => VIDEO_FRAME_ORIGIN_SET.has(origin));
      response.headers.set('Content-Security-Policy', withFrameSources(policy, frames)(nonce));
    }
    // The error page of an outage: tell clients and crawlers when to come back.
    if (response.status === 503 && !response.headers.has('retry-after')) {
      response.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return response;
  };
  // A page a write dropped, rendered again in the background as a reader's request would have it.
  const renderUrl = (url: string) => renderRequest(new Request(url, { headers: { accept: 'text/html' } }), new URL(url).pathname, () => OWN_ADDRESS);
  if (cache?.hasStore) renderAheadOfReaders(page.deps, cache, renderUrl, (path) => policyOf(path));
  const callerOf = (c: Context<AppEnv>) => () => clientIp(c, page.deps.config.TRUST_PROXY);
  return async (c) => {
    const url = new URL(c.req.url);
    const canonical = canonicalRedirect(url.pathname, url.search);
    if (canonical) return answerVariantSpelling(c, canonical, url, page.services.publicPages, (to) => renderRequest(new Request(to, c.req.raw), new URL(to).pathname, callerOf(c)));
    const render = () => renderRequest(c.req.raw, c.req.path, callerOf(c));
    if (cache && (c.req.method === 'GET' || c.req.method === 'HEAD')) return cache.serve(c, render, policyOf(c.req.path), renderUrl);
    return forward(c, await render());
  };
}

/** How long a browser or CDN may keep a redirect to a page's one spelling (not forever: a page may go). */
const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/**
 * A page asked for by another spelling than its one (decision 089): a
 * permanent redirect there (308 for a form post, which keeps its body), or,
 * when there is no such page, what the one address answers (the not-found
 * page, or the redirect of a renamed post), never kept. Nothing is rendered
 * or counted under the spelling.
 */
async function answerVariantSpelling(
  c: Context<AppEnv>,
  canonical: NonNullable<ReturnType<typeof canonicalRedirect>>,
  url: URL,
  publicPages: PublicPages,
  renderAt: (url: string) => Promise<Response>,
): Promise<Response> {
  if ('notFound' in canonical) return c.text('Not found', 404);
  const target = `${canonical.to}${canonical.search ?? url.search}`;
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD';
  const counted = countedPath(canonical.to);
  // A reading page not known to exist: the render says (another server's post may be newer than the list).
  if (reads && counted === canonical.to && !(await publicPages.exists(counted))) {
    const response = await renderAt(new URL(target, url).href);
    // Not found, or moved (a renamed post, an unknown category): what the one address answers.
    if (response.status !== 200) return forward(c, response);
    await response.body?.cancel();
  }
  const isPrivate = isPrivateLinkPath(canonical.to);
  return c.body(null, reads ? 301 : 308, {
    Location: target,
    // A private link's token is in the address: no shared cache keeps it.
    'Cache-Control': isPrivate ? 'no-store' : CANONICAL_REDIRECT_CACHE_CONTROL,
  });
}

/** Pages rendered ahead per pass, and passes per run of the job, before it lets other jobs run. */
const RENDER_AHEAD_BATCH = 50;
const RENDER_AHEAD_PASSES = 10;
/** A burst of writes is followed by one run, this long after the first of them. */
const RENDER_AHEAD_DELAY_SECONDS = 2;

/**
 * Keeps the rendered-page store up to date ahead of readers (decision 073):
 * a durable job, run by any server with the web build shortly after writes
 * and after a start, renders the kept pages writes made out of date and the
 * live posts and resources with no page kept yet.
 */
function renderAheadOfReaders(
  deps: AppDeps,
  cache: ResponseCache,
  renderUrl: (url: string) => Promise<Response>,
  policyOf: (path: string) => ((nonce: string) => string) | undefined,
): void {
  const origin = siteOrigin(deps.config);
  const job: JobKind<null> = {
    name: 'render-ahead',
    maxAttempts: 5,
    run: async () => {
      for (let pass = 0; pass < RENDER_AHEAD_PASSES; pass += 1) {
        // A burst of writes (an import) would make what is rendered now out of date at once, and none of it is kept
        // while they settle: the job comes back once they have (decision 104), leaving the thread to them meanwhile.
        let settling = cache.settlingForMs();
        // One write's settling is waited out here, so an edit's pages come as soon as they can be kept.
        if (settling > 0 && settling <= RENDER_AHEAD_DELAY_SECONDS * 1000) {
          await sleep(settling + 50);
          settling = cache.settlingForMs();
        }
        if (settling > 0) return { runAgainAt: nowSeconds() + Math.ceil(settling / 1000) };
        if ((await cache.renderAhead(origin, renderUrl, policyOf, RENDER_AHEAD_BATCH)) === 0) return;
      }
      // More left: the same job again at once, after whatever else is due.
      return { runAgainAt: nowSeconds() };
    },
  };
  deps.jobs.register(job);
  const schedule = () => {
    deps.jobs
      .ensure(deps.db, job, null, 'render-ahead', nowSeconds() + RENDER_AHEAD_DELAY_SECONDS)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'rendered pages: could not schedule rendering ahead'));
  };
  deps.contentChanges.onWrite(schedule);
  cache.onAllStale(schedule);
  schedule();
}

export interface PageRendererOptions {
  /** The rendered-page cache; false turns it off. */
  cache?: Partial<ResponseCacheOptions> | false;
  /** Rendered pages kept in the database beneath the cache (decision 073); false keeps them in memory only. */
  store?: boolean;
  /** The domain services the pages use; built from the dependencies when not given. */
  services?: AppServices;
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
  const store = options.cache === false || options.store === false ? undefined : new RenderedPageStore(deps, renderKey(build.assets.version, deps.config));
  // Copies another build rendered are of no use now; pruned off the start's path.
  store?.prune().catch((error: unknown) => deps.logger.warn({ err: error }, 'rendered pages: could not prune kept pages'));
  const cache =
    options.cache === false
      ? undefined
      : new ResponseCache(deps, { ...DEFAULT_RESPONSE_CACHE_OPTIONS, ...options.cache }, store);
  const services = options.services ?? composeApp(deps).services;
  return pageHandler({ deps, services }, createRequestHandler(withOutageAs503(build, deps.logger), 'production'), {
    cache,
    policies: {
      page: pageContentSecurityPolicy(deps.config),
      embeddable: pageContentSecurityPolicy(deps.config, 'anywhere'),
    },
  });
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : ['/' + path.relative(root, full).split(path.sep).join('/')];
  });
}

/** A body in the encodings a browser may ask for, made once. */
type EncodedBody = Record<Encoding, ArrayBuffer>;

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
      return c.body(bytesOf(body[encoding]), 200, headers);
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
export async function loadBuiltWebApp(deps: AppDeps, services: AppServices, buildDir = WEB_BUILD_DIR): Promise<WebApp> {
  const renderPage = await loadPageRenderer(deps, buildDir, { services });
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
export async function startDevWebApp(deps: AppDeps, services: AppServices): Promise<WebApp> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const handleRequest = createRequestHandler(
    async () => withOutageAs503((await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild, deps.logger),
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
    renderPage: pageHandler({ deps, services }, handleRequest),
    serveStatic: serveViteFiles,
    close: () => vite.close(),
  };
}
