/**
 * The security headers every answer carries, and the one exception to
 * "never framed": the calculators' embeddable copies, which other sites
 * show in an `<iframe>` (docs/decisions/060-embeddable-calculators.md);
 * and the one to "same-origin resources": uploads, which mail readers show.
 * The Content-Security-Policy (with its `frame-ancestors`) is set per page
 * in content-security-policy.ts; this is the rest.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { CALCULATOR_EMBED_PATHS } from '../../common/fee-calculators.ts';
import { isPrivateLinkPath } from '../../common/private-links.ts';
import type { AppEnv } from '../deps.ts';
import { canonicalPath } from './canonical-paths.ts';

const EMBEDDABLE_PAGE_PATHS: ReadonlySet<string> = new Set(Object.values(CALCULATOR_EMBED_PATHS));

/**
 * Whether the page at `path` may be framed by any site. Exact paths only:
 * a variant spelling (a trailing slash, other letter case) that still
 * renders the page keeps refusing framing, which fails safe.
 */
export function isEmbeddablePage(path: string): boolean {
  return EMBEDDABLE_PAGE_PATHS.has(path);
}

const shared = {
  // Pages carry a policy with their own nonce, API answers a closed one (content-security-policy.ts).
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  // Only over HTTPS (https.ts).
  strictTransportSecurity: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

const neverFramed = secureHeaders({ ...shared, xFrameOptions: 'DENY' });
// A private link (a preview, the creator's update link, the sponsor's report
// link) carries its token in the path: its pages and API never send that
// address on as a referrer (decisions 063 and 068).
const privateLink = secureHeaders({ ...shared, referrerPolicy: 'no-referrer', xFrameOptions: 'DENY' });

// X-Frame-Options has no "anyone" value: it is left out, and the page
// policy's `frame-ancestors *` says who may frame.
const embeddable = secureHeaders({ ...shared, xFrameOptions: false });
// Uploads are public images that other origins must be able to show: a web
// mail showing a newsletter's pictures, and the back office's outbox, whose
// sandboxed frame has an origin of its own. `cross-origin` lets them embed
// the image; reading its bytes from a script would still need CORS, which
// is not granted.
const upload = secureHeaders({ ...shared, xFrameOptions: 'DENY', crossOriginResourcePolicy: 'cross-origin' });

/**
 * The security headers of every answer: framing refused, except on the
 * embeddable pages; no referrer from a private link; uploads embeddable by
 * any origin, everything else by this one only.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (isEmbeddablePage(c.req.path)) return embeddable(c, next);
    if (c.req.path.startsWith('/uploads/')) return upload(c, next);
    // Judged on the page's one spelling: `/SPONSOR-REPORT/…` redirects to a private link and carries its token too.
    return isPrivateLinkPath(canonicalPath(c.req.path)) ? privateLink(c, next) : neverFramed(c, next);
  };
}
