import { describe, expect, it } from 'vitest';
import { NOT_FOUND_CACHE_CONTROL, NO_STORE, PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from '../../app/lib/cache-headers.ts';
import { categoryLabel } from '../../app/lib/categories.ts';
import { formatLongDate, formatShortDate, publishedDate } from '../../app/lib/dates.ts';
import { absoluteUrl, articleJsonLd, pageMeta } from '../../app/lib/seo.ts';
import { escapeXml } from '../../app/lib/xml.ts';

describe('category labels', () => {
  it('show the known ids by their SPEC.md label', () => {
    expect(['funding', 'tech', 'creative', 'social', 'business'].map(categoryLabel)).toEqual([
      'Funding',
      'Technology',
      'Creative Projects',
      'Social Impact',
      'Business',
    ]);
  });

  it('show any other id raw, including names of object properties', () => {
    expect(categoryLabel('gadgets')).toBe('gadgets');
    expect(categoryLabel('constructor')).toBe('constructor');
    expect(categoryLabel('toString')).toBe('toString');
  });
});

describe('publication dates', () => {
  it('print the long English date on detail pages and MMM d, yyyy on cards', () => {
    const piDay = Date.UTC(2026, 2, 14, 12) / 1000;
    expect(formatLongDate(piDay)).toBe('March 14, 2026');
    expect(formatShortDate(piDay)).toBe('Mar 14, 2026');
  });

  it('take the day in UTC, whatever the time of day', () => {
    expect(formatShortDate(Date.UTC(2026, 0, 1, 0, 0, 1) / 1000)).toBe('Jan 1, 2026');
    expect(formatShortDate(Date.UTC(2025, 11, 31, 23, 59, 59) / 1000)).toBe('Dec 31, 2025');
  });

  it('are absent for an unpublished item', () => {
    expect(publishedDate(null)).toBeNull();
    expect(publishedDate(0)).toEqual({ iso: '1970-01-01T00:00:00.000Z', short: 'Jan 1, 1970', long: 'January 1, 1970' });
  });
});

describe('page tags', () => {
  it('resolve paths against the origin and keep absolute URLs', () => {
    expect(absoluteUrl('https://example.org', '/a/b')).toBe('https://example.org/a/b');
    expect(absoluteUrl('https://example.org', 'https://cdn.example.net/x.png')).toBe('https://cdn.example.net/x.png');
  });

  it('give a page its title, description, canonical URL, Open Graph and Twitter tags', () => {
    expect(
      pageMeta({
        origin: 'https://example.org',
        path: '/kite',
        title: 'Kite | Crowdfunding Showcase',
        description: 'A kite.',
        image: '/uploads/kite.png',
        imageAlt: 'Cover image for Kite',
        type: 'article',
      }),
    ).toEqual([
      { title: 'Kite | Crowdfunding Showcase' },
      { name: 'description', content: 'A kite.' },
      { tagName: 'link', rel: 'canonical', href: 'https://example.org/kite' },
      { property: 'og:site_name', content: 'Crowdfunding Showcase' },
      { property: 'og:type', content: 'article' },
      { property: 'og:title', content: 'Kite | Crowdfunding Showcase' },
      { property: 'og:description', content: 'A kite.' },
      { property: 'og:url', content: 'https://example.org/kite' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: 'Kite | Crowdfunding Showcase' },
      { name: 'twitter:description', content: 'A kite.' },
      { property: 'og:image', content: 'https://example.org/uploads/kite.png' },
      { name: 'twitter:image', content: 'https://example.org/uploads/kite.png' },
      { property: 'og:image:alt', content: 'Cover image for Kite' },
      { name: 'twitter:image:alt', content: 'Cover image for Kite' },
    ]);
  });

  it('describe an article without the fields it lacks', () => {
    expect(
      articleJsonLd('https://example.org', {
        path: '/guide',
        title: 'Guide',
        description: null,
        image: null,
        publishedAt: null,
        updatedAt: 0,
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Guide',
      dateModified: '1970-01-01T00:00:00.000Z',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://example.org/guide' },
      url: 'https://example.org/guide',
      author: expect.objectContaining({ '@type': 'Organization' }),
      publisher: expect.objectContaining({ '@type': 'Organization', logo: 'https://example.org/favicon.svg' }),
    });
  });

  it('escape text for the sitemap and the feed', () => {
    expect(escapeXml(`Tom & Jerry's <"show">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;show&quot;&gt;');
  });
});

describe('cache headers of public pages', () => {
  const headersOf = (init: { action?: Record<string, string>; error?: Record<string, string>; loader?: Record<string, string> }) =>
    publicPageHeaders({
      actionHeaders: new Headers(init.action),
      errorHeaders: init.error ? new Headers(init.error) : undefined,
      loaderHeaders: new Headers(init.loader),
      parentHeaders: new Headers(),
    }).get('Cache-Control');

  it('let a CDN keep a page, never a form answer, and a 404 only briefly', () => {
    expect(headersOf({})).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(headersOf({ action: { 'Cache-Control': NO_STORE } })).toBe(NO_STORE);
    expect(headersOf({ error: {} })).toBe(NOT_FOUND_CACHE_CONTROL);
    expect(headersOf({ error: { 'Cache-Control': 'no-store' } })).toBe('no-store');
  });
});
