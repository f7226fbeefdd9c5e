/**
 * Whether an address is a path on this site, without zod: the public pages'
 * meta tags check logo addresses with it on every page, and the schemas
 * (schemas/fields.ts) validate with it.
 */

const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Any origin will do: only whether resolving a path changes it matters. */
const PROBE_ORIGIN = 'https://site.invalid';

/**
 * A path on this site: one `/` first, no spaces, control characters or
 * backslashes, and still on the site's origin once resolved against it.
 * Browsers read `//evil.example/x.png` and `/\evil.example/x.png` (a
 * backslash counts as a slash) as addresses on another site.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\') || /\s/.test(value) || hasControlCharacter(value)) return false;
  try {
    return new URL(value, `${PROBE_ORIGIN}/`).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
