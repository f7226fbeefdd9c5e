/**
 * The server render: React Router's default for Node (streamed; bots and
 * crawlers wait for the whole page), with the request's script nonce on every
 * script it writes (the server's Content-Security-Policy allows only those),
 * plus three changes: the scripts' module preloads lowered to low priority
 * (the page is readable before it is interactive: text, styles and the
 * largest image go first), the inlined route manifest without indentation,
 * and render errors logged through the server's logger. The article body a page's loader kept out of the hydration data is
 * handed to the render here (lib/article-body.ts).
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { PageBodyContext } from './lib/article-body.ts';
import { CspNonceContext } from './lib/csp-nonce.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.pageSources.sources === null && showsOnlyItsFrame(routerContext)) loadContext.pageSources.sources = [];

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Aborted after `streamTimeout`, so rejected boundaries still flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = loadContext.cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        {/* The article body its loader left out of the hydration data (lib/article-body.ts). */}
        <PageBodyContext value={loadContext.pageBody?.html}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageBodyContext>
      </CspNonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = rewriteRouterTags(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject above and are logged by the router.
          if (shellRendered) loadContext.logger.error({ err: error }, 'page rendering failed');
        },
      },
    );
  });
}

/** The frames around pages, whose loaders read only settings (every write of which touches every page) and the fixed categories. */
const FRAME_ROUTES: ReadonlySet<string> = new Set(['root', 'routes/site-layout', 'routes/embed-layout']);

/**
 * Whether the page's own routes load nothing (a calculator, the contact
 * form): it then shows what its frame shows and nothing a content write
 * touches, so its kept copy stays until a write that touches everything
 * (decision 074). A page that loads data names its own sources.
 */
function showsOnlyItsFrame(routerContext: EntryContext): boolean {
  const { matches, errors } = routerContext.staticHandlerContext;
  if (errors) return false;
  return matches.every((match) => FRAME_ROUTES.has(match.route.id) || routerContext.manifest.routes[match.route.id]?.hasLoader === false);
}

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchPriority="low"';
// React Router prints the routes it inlines as indented JSON between these two.
const MANIFEST_START = 'window.__reactRouterManifest = ';
const MANIFEST_END = ';\n  window.__reactRouterRouteModules';

/** The same JSON without its indentation; anything else unchanged. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * Passes the HTML through with two changes React Router offers no option
 * for: its `<link rel="modulepreload">` tags get `fetchPriority="low"`, and
 * the route manifest it inlines is printed without indentation (a kilobyte
 * less on every page). A marker split between two chunks is caught by
 * holding back the tail of each chunk; the manifest is held until its end.
 */
export function rewriteRouterTags(onEnd: () => void): Transform {
  const lower = (text: string) => text.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
  const keep = Math.max(MODULE_PRELOAD.length, MANIFEST_START.length) - 1;
  // A character split between two chunks is joined before any text is looked at.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let inManifest = false;
  const drain = (isLast: boolean): string => {
    let out = '';
    for (;;) {
      if (inManifest) {
        const end = pending.indexOf(MANIFEST_END);
        if (end === -1) {
          if (!isLast) return out;
          out += pending;
          pending = '';
          return out;
        }
        out += compactJson(pending.slice(0, end));
        pending = pending.slice(end);
        inManifest = false;
      }
      const start = pending.indexOf(MANIFEST_START);
      if (start === -1) break;
      out += lower(pending.slice(0, start + MANIFEST_START.length));
      pending = pending.slice(start + MANIFEST_START.length);
      inManifest = true;
    }
    if (isLast) {
      out += lower(pending);
      pending = '';
      return out;
    }
    let cut = Math.max(0, pending.length - keep);
    // Never through a preload tag: cut before the `<` of one that may cross it.
    const tag = pending.indexOf('<', Math.max(0, cut - MODULE_PRELOAD.length + 1));
    if (tag !== -1 && tag < cut) cut = tag;
    out += lower(pending.slice(0, cut));
    pending = pending.slice(cut);
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      callback(null, drain(false));
    },
    flush(callback) {
      onEnd();
      pending += decoder.end();
      callback(null, drain(true));
    },
  });
}
