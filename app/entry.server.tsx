/**
 * The server render: React Router's default for Node (streamed; bots and
 * crawlers wait for the whole page), with the request's script nonce on every
 * script it writes (the server's Content-Security-Policy allows only those),
 * plus three changes: the scripts' module preloads lowered to low priority
 * (the page is readable before it is interactive: text, styles and the
 * largest image go first; public pages preload none and load their scripts
 * once painted, decision 102), the inlined route manifest without
 * indentation, and render errors logged through the server's logger. The article body a
 * page's loader kept out of the hydration data is handed to the render here
 * (lib/article-body.ts), and so is the header and footer HTML kept from
 * earlier renders (lib/kept-frame.ts).
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
import { InlineStylesheetContext } from './lib/inline-stylesheet.ts';
import publicStylesheet from './public.css?inline';
import { FrameRequestContext } from './lib/kept-frame.ts';
import { FRAME_MARKERS, FrameRender } from './server/kept-frame.server.ts';

export const streamTimeout = 5_000;

// The build's own kept frame, for the page tests: they reach it through the build's `entry.module`.
export { forgetKeptFrames, keptFrameStats } from './server/kept-frame.server.ts';

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
    const publicPage = !inBackOffice(routerContext);
    // Not in development, where an edited component must show at once: the kept HTML would outlive it.
    const frames = import.meta.env.DEV ? undefined : new FrameRender(routerContext.staticHandlerContext.location.pathname);
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        {/* The public stylesheet in the head (decision 102); the back office links its own. */}
        <InlineStylesheetContext value={publicPage ? publicStylesheet : undefined}>
          {/* The article body its loader left out of the hydration data (lib/article-body.ts). */}
          <PageBodyContext value={loadContext.pageBody?.html}>
            {/* The header and footer kept from earlier renders (lib/kept-frame.ts). */}
            <FrameRequestContext value={frames ?? null}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </FrameRequestContext>
          </PageBodyContext>
        </InlineStylesheetContext>
      </CspNonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = rewriteRouterTags(
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            frames,
            // Development keeps React Router's own loading, which its module reloading expects.
            publicPage && !import.meta.env.DEV ? { mode: 'after-paint', nonce } : { mode: 'eager' },
          );
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

/** Whether the page is one of the back office's (or its sign-in pages'): those link app.css and load their scripts at once. */
function inBackOffice(routerContext: EntryContext): boolean {
  return routerContext.staticHandlerContext.matches.some((match) => match.route.id === 'routes/admin/shell');
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
const MODULE_PRELOAD_TAG = /<link rel="modulepreload"[^>]*>/g;
/** The id of a public page's boot script, kept inert until the page has painted. */
export const BOOT_SCRIPT_ID = 'app-boot';

/**
 * How a page's scripts load. `eager`: React Router's way, the app's modules
 * preloaded (at low priority) from the head and the boot script run as soon
 * as they arrive (the back office). `after-paint`: no preloads, and the boot
 * script inert until the load event (the page painted, its largest image
 * drawn) or the reader's first tap or key, whichever comes first (public
 * pages, decision 102). `nonce` is the one React Router wrote on its scripts.
 */
export type ScriptLoading = { mode: 'eager' } | { mode: 'after-paint'; nonce: string | undefined };

/**
 * Runs the boot script as a module once the page has loaded (the next task
 * after the load event) or at the first tap or key: a script this one
 * creates, with its nonce, is allowed by the page's policy. Before then the
 * page is the server's HTML, whose links and forms work without scripts.
 */
const BOOT_AFTER_PAINT =
  '(()=>{const n=document.currentScript.nonce;let done=false;const boot=()=>{const b=document.getElementById("' +
  BOOT_SCRIPT_ID +
  '");if(done||!b)return;done=true;const s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=b.textContent;document.head.append(s)};' +
  'for(const e of["pointerdown","keydown","touchstart"])addEventListener(e,boot,{once:true,passive:true,capture:true});' +
  'if(document.readyState==="complete")boot();else addEventListener("load",()=>setTimeout(boot),{once:true})})()';
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
 * Passes the HTML through with the changes React Router offers no option
 * for: its `<link rel="modulepreload">` tags get `fetchPriority="low"` (or,
 * for scripts loaded after the paint, are taken out and the boot script made
 * inert, with the starter above before it), and the route manifest it
 * inlines is printed without indentation (a kilobyte less on every page). Takes out the markers of frame parts to keep
 * (server/kept-frame.server.ts) and, when there are any, hands the page as
 * React wrote it to `frames` once complete. A text split between two chunks
 * is caught by holding back the tail of each chunk; the manifest is held
 * until its end.
 */
export function rewriteRouterTags(onEnd: () => void, frames?: FrameRender, scripts: ScriptLoading = { mode: 'eager' }): Transform {
  // Most renders mark nothing: their pages are only looked through for the preloads.
  const markers = frames?.keeps ? FRAME_MARKERS : [];
  const afterPaint = scripts.mode === 'after-paint';
  const nonceAttribute = afterPaint && scripts.nonce ? ` nonce="${scripts.nonce}"` : '';
  const bootScript = `<script${nonceAttribute} type="module" async="">`;
  const inertBootScript = `<script${nonceAttribute}>${BOOT_AFTER_PAINT}</script><script${nonceAttribute} type="text/plain" id="${BOOT_SCRIPT_ID}">`;
  const rewrite = (text: string) => {
    let out = afterPaint
      ? text.replace(MODULE_PRELOAD_TAG, '').replace(bootScript, () => inertBootScript)
      : text.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
    for (const marker of markers) out = out.replaceAll(marker, '');
    return out;
  };
  // Every text replaced as the page streams through, which must not be sent cut in two.
  const replaced = [MODULE_PRELOAD, ...(afterPaint ? [bootScript] : []), ...markers];
  const keep = Math.max(MANIFEST_START.length, ...replaced.map((text) => text.length)) - 1;
  // A character split between two chunks is joined before any text is looked at.
  const decoder = new StringDecoder('utf8');
  // The page as written, only while a frame part waits to be kept.
  const written: string[] | null = markers.length > 0 ? [] : null;
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
      out += rewrite(pending.slice(0, start + MANIFEST_START.length));
      pending = pending.slice(start + MANIFEST_START.length);
      inManifest = true;
    }
    if (isLast) {
      out += rewrite(pending);
      pending = '';
      return out;
    }
    let cut = Math.max(0, pending.length - keep);
    // Never through a replaced text: cut before one that crosses the cut (the `keep` held back hold all of it).
    for (const text of replaced) {
      const at = pending.indexOf(text, Math.max(0, cut - text.length + 1));
      if (at !== -1 && at < cut) cut = at;
    }
    // A preload taken out whole: never cut before its end.
    if (afterPaint) {
      const at = pending.lastIndexOf(MODULE_PRELOAD, cut);
      if (at !== -1 && at < cut && !pending.slice(at, cut).includes('>')) cut = at;
    }
    out += rewrite(pending.slice(0, cut));
    pending = pending.slice(cut);
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      written?.push(text);
      pending += text;
      callback(null, drain(false));
    },
    flush(callback) {
      onEnd();
      const text = decoder.end();
      pending += text;
      if (written && frames) frames.keepFramesFrom(written.join('') + text);
      callback(null, drain(true));
    },
  });
}
