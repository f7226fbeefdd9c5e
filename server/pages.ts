/**
 * The web pages: React Router's request handler for every non-API path, and
 * the browser files it links to. In production both come from the web build
 * (`npm run build`); in development (`npm run dev`) from Vite, in process.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Handler, MiddlewareHandler } from 'hono';
import { createRequestHandler, type AppLoadContext, type RequestHandler, type ServerBuild } from 'react-router';
import type { CreateAppOptions } from './app.ts';
import type { AppDeps, AppEnv } from './deps.ts';

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

function pageHandler(deps: AppDeps, handleRequest: RequestHandler): Handler<AppEnv> {
  const context: AppLoadContext = { deps };
  return async (c) => {
    const response = await handleRequest(c.req.raw, context);
    // Through c.body, so headers set by earlier middleware (X-Request-Id)
    // are kept: Hono drops them when a handler returns its own Response.
    return response.body ? c.body(response.body, response) : c.body(null, response);
  };
}

/**
 * The page renderer from the web build, or null when there is no build (the
 * server then answers the API alone).
 */
export async function loadPageRenderer(deps: AppDeps, buildDir = WEB_BUILD_DIR): Promise<Handler<AppEnv> | null> {
  const serverBuildFile = path.resolve(buildDir, 'server', 'index.js');
  if (!existsSync(serverBuildFile)) return null;
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return pageHandler(deps, createRequestHandler(build, 'production'));
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : ['/' + path.relative(root, full).split(path.sep).join('/')];
  });
}

/**
 * Serves the web build's browser files (build/client: scripts and styles
 * under /assets/, plus everything copied from public/). Only files that
 * existed at start are served, so a page path never costs a disk lookup and
 * nothing outside the folder can be reached. Null when there is no build.
 */
export function serveBuiltFiles(buildDir = WEB_BUILD_DIR): MiddlewareHandler<AppEnv> | null {
  const root = path.resolve(buildDir, 'client');
  if (!existsSync(root)) return null;
  const files = new Set(listFiles(root));
  const send = serveStatic<AppEnv>({ root });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const isAsset = c.req.path.startsWith('/assets/');
    if (files.has(c.req.path)) {
      c.header('Cache-Control', isAsset ? ASSET_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL);
      return send(c, next);
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
