/**
 * The server render: React Router's default for Node (streamed; bots and
 * crawlers wait for the whole page), with the request's script nonce on every
 * script it writes (the server's Content-Security-Policy allows only those),
 * plus two changes: the scripts' module preloads lowered to low priority
 * (the page is readable before it is interactive: text, styles and the
 * largest image go first), and render errors logged through the server's
 * logger.
 */
import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads(() => {
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

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchPriority="low"';

/**
 * Passes the HTML through, giving React Router's `<link rel="modulepreload">`
 * tags `fetchPriority="low"` (it offers no option for it). A tag split
 * between two chunks is caught by holding back the tail of each chunk.
 */
function lowPriorityModulePreloads(onEnd: () => void): Transform {
  let pending = '';
  const keep = MODULE_PRELOAD.length - 1;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = (pending + chunk.toString()).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
      pending = text.slice(-keep);
      callback(null, text.slice(0, -keep));
    },
    flush(callback) {
      onEnd();
      callback(null, pending);
    },
  });
}
