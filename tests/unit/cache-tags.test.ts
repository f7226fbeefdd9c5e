/**
 * The cache tags a CDN is told (decision 098): each kind of public page
 * names its page sources as tags, a write purges the tags of what it
 * touched, and only public reads leave the server with them.
 */
import { describe, expect, it } from 'vitest';
import { pageSource } from '../../common/page-sources.ts';
import {
  ANY_WRITE_TAG,
  answerTags,
  cacheTagOf,
  CDN_MAX_AGE_SECONDS,
  finishCdnHeaders,
  purgeTagsOf,
  SITE_TAG,
  tagAnswer,
} from '../../server/freshness/cache-tags.ts';

// What each kind of page notes as it is built (app/routes/*, app/server/content.server.ts).
const PAGE_KINDS: [string, string[] | null, string[]][] = [
  ['a post', [pageSource.post(12), pageSource.category(3), pageSource.author(7)], ['all', 'post-12', 'category-3', 'author-7']],
  [
    'a post whose related block draws on the newest posts',
    [pageSource.post(12), pageSource.postOrder, pageSource.post(13)],
    ['all', 'post-12', 'post-order', 'post-13'],
  ],
  ['a resource', [pageSource.resource(4)], ['all', 'resource-4']],
  ['the home page', [pageSource.postLists, pageSource.resourceLists], ['all', 'latest-posts', 'latest-resources']],
  ['a category', [pageSource.category(3)], ['all', 'category-3']],
  ['an author', [pageSource.author(7), pageSource.postLists], ['all', 'author-7', 'latest-posts']],
  ['the feed', [pageSource.postLists], ['all', 'latest-posts']],
  ['ending soon', [pageSource.campaignLists], ['all', 'campaign-lists']],
  ['a legal page (layout and settings only)', [], ['all']],
  ['the sitemap, or any answer that may show anything', null, ['all', 'any-write']],
];

describe('cache tags per page kind', () => {
  it.each(PAGE_KINDS)('%s', (_kind, sources, tags) => {
    expect(answerTags(sources)).toEqual(tags);
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60' });
    tagAnswer(headers, sources);
    finishCdnHeaders({ method: 'GET', path: '/somewhere' }, headers);
    expect(headers.get('Surrogate-Key')).toBe(tags.join(' '));
    expect(headers.get('Cache-Tag')).toBe(tags.join(','));
    expect(headers.get('CDN-Tag')).toBe(tags.join(','));
    expect(headers.get('Surrogate-Control')).toBe(`max-age=${CDN_MAX_AGE_SECONDS}`);
    expect(headers.get('CDN-Cache-Control')).toBe(`max-age=${CDN_MAX_AGE_SECONDS}`);
    // Browsers keep what they kept.
    expect(headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('are plain header tokens, short whatever the source', () => {
    expect(cacheTagOf('post:12')).toBe('post-12');
    expect(cacheTagOf('odd source/with spaces,commas')).toMatch(/^[A-Za-z0-9._-]+$/);
    const long = cacheTagOf(`post:${'x'.repeat(2000)}`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it('fit the strictest CDN\'s header: too many, and the answer is purged by every write instead', () => {
    const many = Array.from({ length: 200 }, (_, i) => pageSource.post(i));
    expect(answerTags(many)).toEqual(['all', 'any-write']);
    expect(answerTags(many.slice(0, 20)).join(',').length).toBeLessThanOrEqual(1000);
  });

  it('a write purges the tags of what it touched and the answers that may show anything; one touching anything, every tagged answer', () => {
    expect(purgeTagsOf([pageSource.post(12), pageSource.postLists, pageSource.post(12)])).toEqual(['post-12', 'latest-posts', ANY_WRITE_TAG]);
    expect(purgeTagsOf(null)).toEqual([SITE_TAG]);
  });
});

describe('CDN headers on the way out', () => {
  const tagged = (cacheControl: string, more: Record<string, string> = {}) => {
    const headers = new Headers({ 'Cache-Control': cacheControl, ...more });
    tagAnswer(headers, [pageSource.post(1)]);
    return headers;
  };
  const cdnHeadersOf = (headers: Headers) =>
    ['surrogate-key', 'cache-tag', 'cdn-tag', 'surrogate-control', 'cdn-cache-control'].filter((name) => headers.has(name));

  it('keep a countdown page at the edge no longer than its Expires', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    const headers = tagged('public, max-age=60', { Expires: new Date(now + 90_000).toUTCString() });
    finishCdnHeaders({ method: 'GET', path: '/a-post' }, headers, now);
    expect(headers.get('Surrogate-Control')).toBe('max-age=90');
    expect(headers.get('CDN-Cache-Control')).toBe('max-age=90');
    const past = tagged('public, max-age=0', { Expires: new Date(now - 5000).toUTCString() });
    finishCdnHeaders({ method: 'GET', path: '/a-post' }, past, now);
    expect(past.get('Surrogate-Control')).toBe('max-age=0');
  });

  it.each([
    ['private', 'GET', '/a-post', 'private, no-store', {}],
    ['no-store', 'GET', '/a-post', 'no-store', {}],
    ['setting a cookie', 'GET', '/a-post', 'public, max-age=60', { 'Set-Cookie': 'a=b' }],
    ['a form post', 'POST', '/contact', 'public, max-age=60', {}],
    ['the back office', 'GET', '/admin/posts', 'public, max-age=60', {}],
    ['the admin API', 'GET', '/api/admin/posts', 'public, max-age=60', {}],
    ['a preview link', 'GET', '/preview/secret-token', 'public, max-age=60', {}],
    ['a sponsor report', 'GET', '/sponsor-report/secret-token', 'public, max-age=60', {}],
  ])('are none on an answer %s', (_what, method, path, cacheControl, more) => {
    const headers = tagged(cacheControl, more);
    headers.set('Surrogate-Control', 'max-age=86400');
    finishCdnHeaders({ method, path }, headers);
    expect(cdnHeadersOf(headers)).toEqual([]);
  });

  it('leave an untagged answer as it is', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    finishCdnHeaders({ method: 'GET', path: '/assets/app.js' }, headers);
    expect(cdnHeadersOf(headers)).toEqual([]);
  });
});
