/**
 * What a page path accepts, checked before the page renderer: reads (GET,
 * HEAD) and form posts. A POST must be a form (urlencoded or multipart: what
 * a browser form, React Router's fetcher and a mail provider's RFC 8058
 * one-click unsubscribe send) of at most PAGE_BODY_LIMIT bytes, counted while
 * the body streams in; a multipart body must parse. Anything else gets a
 * short plain-text answer (405, 415, 413, 400) instead of reaching an action
 * whose `request.formData()` would read it whole or fail with a 500.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../deps.ts';

const KB = 1024;
/**
 * The largest page form is a contact message: 10,000 characters, which
 * urlencoded take up to 9 bytes each (`%E5%AD%97` for one CJK character),
 * about 95 KB with its other fields.
 */
export const PAGE_BODY_LIMIT = 128 * KB;

/** The methods a page path answers. */
export const PAGE_METHODS = 'GET, HEAD, POST';

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

// The server drops the unread rest of the body after the answer (unread-bodies.ts).
const tooLarge = (c: Context) => c.text(`The form is larger than ${PAGE_BODY_LIMIT / KB} KB`, 413);

export function pageRequests(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize: PAGE_BODY_LIMIT, onError: tooLarge });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    if (method !== 'POST') return c.text('Method not allowed', 405, { Allow: PAGE_METHODS });
    const type = FORM_TYPE.exec(c.req.header('content-type') ?? '')?.[1]?.toLowerCase();
    if (!type) return c.text('Send the form as application/x-www-form-urlencoded or multipart/form-data', 415);
    return limit(c, async () => {
      if (type === 'multipart/form-data') {
        try {
          // At most PAGE_BODY_LIMIT bytes: bodyLimit has read it or checked its length.
          await c.req.raw.clone().formData();
        } catch {
          c.res = c.text('The form data could not be read', 400);
          return;
        }
      }
      await next();
    });
  };
}
