import { z } from 'zod';
import { storedImageAddress } from '../site-images.ts';
import { isSitePath } from '../site-path.ts';

export { isSitePath } from '../site-path.ts';

// PostgreSQL text cannot hold U+0000 and no real input contains it: refused
// here, so forms and the API give the same field message on both engines.
const hasNoNul = (value: string) => !value.includes('\u0000');

// A name or subject printed into a mail header, a page title or a feed: a
// line break there could start a header of its own, and control characters
// (tabs, C1 codes, the Unicode line and paragraph separators) have no place.
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether a text is one line (null is: "nothing" has no line break). */
export const isOneLine = (value: string | null): boolean => value === null || !LINE_BREAK_OR_CONTROL.test(value);

export const oneLineMessage = (label: string): string => `${label} must be a single line, without line breaks or control characters`;

/** A required line of text; `label` starts the messages ("Title is required"). */
export function requiredText(label: string, maxLength: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`);
}

/** Optional text: empty or missing becomes null, so "nothing" has one form. */
export function optionalText(label: string, maxLength: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The address as the browser reads it, or null when it is not an http(s) one. */
function parsedHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

function isHttpUrl(value: string): boolean {
  return parsedHttpUrl(value) !== null;
}

/**
 * The stored form of an address field: refused with a control character
 * (`new URL()` drops tabs and line breaks, so the address it checked would
 * not be the one kept, nor one a redirect's header can carry), refused when
 * `accept` turns it down, else its `href`, the address every reader sees.
 * Anything `accept` passes that is not absolute (a path on this site) is
 * kept as written.
 */
export function storedAddress(
  value: string,
  ctx: z.RefinementCtx,
  label: string,
  accept: (value: string, url: URL | null) => boolean,
  rule: string,
): string {
  if (!isOneLine(value)) {
    ctx.addIssue({ code: 'custom', message: oneLineMessage(label) });
    return z.NEVER;
  }
  const url = parsedHttpUrl(value);
  if (!accept(value, url)) {
    ctx.addIssue({ code: 'custom', message: rule });
    return z.NEVER;
  }
  return url ? url.href : value;
}

/** A required http(s) URL, kept as its `href`. */
export function requiredUrl(label: string) {
  return requiredText(label, 2048).transform((value, ctx) =>
    storedAddress(value, ctx, label, (_value, url) => url !== null, `${label} must be a valid http(s) URL`),
  );
}

/** An optional http(s) URL, kept as its `href`; empty or missing becomes null. */
export function optionalUrl(label: string) {
  return optionalText(label, 2048).transform((value, ctx) =>
    value === null ? null : storedAddress(value, ctx, label, (_value, url) => url !== null, `${label} must be a valid http(s) URL`),
  );
}

/**
 * An image address: an http(s) URL or a path on this site (uploads are
 * served from the site's own origin). Empty or missing becomes null.
 */
export function optionalImage(label: string) {
  return optionalText(label, 2048)
    .refine(
      (value) => value === null || isHttpUrl(value) || value.startsWith('/'),
      `${label} must be an http(s) URL or a path on this site`,
    )
    .refine(
      (value) => value === null || !value.startsWith('/') || isSitePath(value),
      `${label} must be an http(s) URL or a path on this site: a path starts with a single / and has no spaces or backslashes`,
    );
}

const READ_TIME_MESSAGE = 'Read time must be a whole number of minutes';

/** Read time in whole minutes, or null when empty or missing. */
export const readTimeField = z
  .number({ error: READ_TIME_MESSAGE })
  .int(READ_TIME_MESSAGE)
  .min(0, READ_TIME_MESSAGE)
  .max(10_000, READ_TIME_MESSAGE)
  .nullish()
  .transform((value) => value ?? null);

/** The record version sent back on every update for optimistic concurrency. */
export const versionField = z
  .number({ error: 'Version is required' })
  .int('Version must be a whole number')
  .min(0, 'Version must be a whole number')
  // The column is a 32-bit integer; PostgreSQL errors on larger values.
  .max(2_147_483_647, 'Version must be a whole number');

export const publicationStatusField = z.enum(['draft', 'published'], {
  error: 'Status must be draft or published',
});

/** Unix seconds. */
export const unixSecondsField = z
  .number({ error: 'Published at must be a Unix time in seconds' })
  .int('Published at must be a Unix time in seconds')
  .min(0, 'Published at must be a Unix time in seconds')
  .max(32503680000, 'Published at must be a Unix time in seconds');

/**
 * An image the site shows (a cover, the logo): an upload's path, an image of
 * this site, or an https address (common/site-images.ts). The server then
 * stores this site's absolute addresses as paths, which only it can tell (it
 * knows PUBLIC_URL). Empty or missing becomes null.
 */
export function imageAddressField(label: string) {
  return optionalText(label, 2048).superRefine((value, ctx) => {
    if (value === null) return;
    // `new URL` drops tabs and line breaks: the address checked would not be the one kept.
    if (!isOneLine(value)) {
      ctx.addIssue({ code: 'custom', message: oneLineMessage(label) });
      return;
    }
    const stored = storedImageAddress(value);
    if (!stored.ok) ctx.addIssue({ code: 'custom', message: `${label} ${stored.problem}` });
  });
}
