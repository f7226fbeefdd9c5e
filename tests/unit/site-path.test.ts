import { describe, expect, it } from 'vitest';
import { isSitePath, optionalImage } from '../../common/schemas/fields.ts';
import { absoluteImageUrl, pageMeta } from '../../app/lib/seo.ts';

const OFF_SITE = [
  '/\\evil.example/x.png',
  '//evil.example/x.png',
  '///evil.example/x.png',
  '/\\/evil.example/x.png',
  '/\\\\evil.example/x.png',
  '/\t/evil.example/x.png',
  '/\n/evil.example/x.png',
  '/uploads\\x.png',
];

describe('isSitePath', () => {
  it.each(['/uploads/2026/11/cover.png', '/images/demo/a.svg', '/x"onerror="alert(1)', '/a?b=//c', '/a#//c', '/%5Cevil.example/x.png'])(
    'accepts %j',
    (value) => {
      expect(isSitePath(value)).toBe(true);
    },
  );

  it.each([...OFF_SITE, '', 'uploads/x.png', 'https://example.com/x.png', '/with space.png', '/nul\u0000.png', '/bell\u0007.png'])(
    'refuses %j',
    (value) => {
      expect(isSitePath(value)).toBe(false);
    },
  );

  it('refuses what a browser resolves to another site', () => {
    // The WHATWG URL parser, as browsers resolve an og:image or img src.
    for (const value of OFF_SITE.filter((path) => path.includes('evil.example'))) {
      expect(new URL(value, 'https://site.example/').host, JSON.stringify(value)).toBe('evil.example');
    }
  });
});

describe('optionalImage', () => {
  const schema = optionalImage('Cover image');

  it('keeps http(s) URLs and site paths', () => {
    expect(schema.parse('/uploads/a.png')).toBe('/uploads/a.png');
    expect(schema.parse('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(schema.parse('')).toBeNull();
  });

  it('refuses an off-site path with a message saying what a path must look like', () => {
    const result = schema.safeParse('/\\evil.example/x.png');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Cover image must be an http(s) URL or a path on this site: a path starts with a single / and has no spaces or backslashes',
    ]);
  });

  it('keeps the general message for addresses that are neither', () => {
    const result = schema.safeParse('javascript:alert(1)');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Cover image must be an http(s) URL or a path on this site',
    ]);
  });
});

describe('absoluteImageUrl', () => {
  const origin = 'https://site.example';

  it('resolves site paths and keeps http(s) URLs', () => {
    expect(absoluteImageUrl(origin, '/uploads/a.png')).toBe('https://site.example/uploads/a.png');
    expect(absoluteImageUrl(origin, 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });

  it.each([...OFF_SITE, 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'uploads/a.png'])(
    'gives no image for %j, saved before paths were checked',
    (value) => {
      expect(absoluteImageUrl(origin, value)).toBeNull();
    },
  );

  it('leaves an off-site path out of og:image and twitter:image', () => {
    const tags = pageMeta({ origin, path: '/p', title: 'T', description: 'D', image: '/\\evil.example/x.png' });
    const serialized = JSON.stringify(tags);
    expect(serialized).not.toContain('evil.example');
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });
});
