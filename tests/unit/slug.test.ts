import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, slugField, slugify } from '../../common/schemas/slug.ts';

describe('slugify (SPEC.md section 5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['100% Solar-Powered: The Kettle', '100-solar-powered-the-kettle'],
    ['  leading and trailing  ', 'leading-and-trailing'],
    ['--A--B--', 'a-b'],
    ['Many   spaces & symbols!!!', 'many-spaces-symbols'],
    ['snake_case_title', 'snake-case-title'],
    ['Café Déjà Vu', 'cafe-deja-vu'],
    ['already-a-slug', 'already-a-slug'],
    ['!!!', ''],
  ])('turns %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('gives a slug the slug field accepts for an ordinary title', () => {
    expect(slugField.parse(slugify('My First Campaign: Part 2'))).toBe('my-first-campaign-part-2');
  });
});

describe('slugField', () => {
  it.each([
    ['', 'Slug is required'],
    ['Upper-Case', 'Slug may only contain lowercase letters, digits and single hyphens'],
    ['double--hyphen', 'Slug may only contain lowercase letters, digits and single hyphens'],
    ['-leading', 'Slug may only contain lowercase letters, digits and single hyphens'],
    ['admin', 'Slug is reserved by the site; choose another'],
    ['contact-us', 'Slug is reserved by the site; choose another'],
    ['ending-soon', 'Slug is reserved by the site; choose another'],
    // The counted redirects: a post there would be shadowed by them.
    ['go', 'Slug is reserved by the site; choose another'],
    ['n', 'Slug is reserved by the site; choose another'],
    ['share', 'Slug is reserved by the site; choose another'],
  ])('refuses %j with %j', (slug, message) => {
    const result = slugField.safeParse(slug);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('the reserved slugs', () => {
  interface RouteEntry {
    path?: string;
    children?: RouteEntry[];
  }
  /** The first segment of every fixed path the site answers itself. */
  const fixedSegments = (entries: readonly RouteEntry[]): string[] =>
    entries.flatMap((entry) => {
      const first = entry.path?.split('/')[0];
      const own = first && !first.startsWith(':') && first !== '*' ? [first] : [];
      // A layout without a path passes its children's paths through from the root.
      return entry.path ? own : [...own, ...fixedSegments(entry.children ?? [])];
    });

  it('hold every fixed path of the site, so no post is shadowed by a page or shadows one', async () => {
    const routes = (await import('../../app/routes.ts')).default as RouteEntry[];
    const segments = fixedSegments(routes);
    expect(segments).toContain('ending-soon');
    // A path with a dot in it (`rss.xml`) is no slug: no post can take it.
    const slugLike = segments.filter((segment) => /^[a-z0-9-]+$/.test(segment));
    expect(slugLike.filter((segment) => !RESERVED_SLUGS.has(segment))).toEqual([]);
  });
});
