/**
 * Each CDN's purge, as its API expects it (decision 098), sent to a local
 * stand-in that checks the credential and the request's shape and answers
 * as the real one does: taken, or refused with its error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { createCdnPurger } from '../../server/cdn/purgers.ts';
import {
  bunnyStandIn,
  cloudflareStandIn,
  fastlyStandIn,
  STAND_IN_PULL_ZONE,
  STAND_IN_SERVICE,
  STAND_IN_TOKEN,
  STAND_IN_ZONE,
  varnishStandIn,
  type CdnStandIn,
} from '../helpers/cdn-stand-ins.ts';

let open: CdnStandIn | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const purgerFor = (env: Record<string, string>) => {
  const purger = createCdnPurger(parseConfig({ PUBLIC_URL: 'https://shop.example', ...env }));
  if (!purger) throw new Error('no purger');
  return purger;
};
const noPages = () => Promise.resolve([]);

describe('CDN purgers', () => {
  it('none without CDN_PURGE', () => {
    expect(createCdnPurger(parseConfig({}))).toBeNull();
  });

  it('refuse to start half configured', () => {
    expect(() => parseConfig({ CDN_PURGE: 'varnish' })).toThrow('CDN_PURGE=varnish needs CDN_PURGE_URL');
    expect(() => parseConfig({ CDN_PURGE: 'cloudflare', CDN_PURGE_ZONE_ID: 'z' })).toThrow('needs CDN_PURGE_TOKEN');
    expect(() => parseConfig({ CDN_PURGE: 'fastly', CDN_PURGE_TOKEN: 't' })).toThrow('needs CDN_PURGE_SERVICE_ID');
    expect(() => parseConfig({ CDN_PURGE: 'bunny', CDN_PURGE_ZONE_ID: '1', CDN_PURGE_TOKEN: 't', CDN_PURGE_BY: 'urls' })).toThrow('for CDN_PURGE=cloudflare only');
    expect(() => parseConfig({ CDN_PURGE: 'akamai' })).toThrow('CDN_PURGE must be varnish, cloudflare, fastly or bunny');
  });

  it('Varnish: PURGE with the tags in xkey-purge, everything as the site-wide tag', async () => {
    open = await varnishStandIn();
    const purger = purgerFor({ CDN_PURGE: 'varnish', CDN_PURGE_URL: open.url });
    await purger.purgeTags(['post-12', 'latest-posts', 'any-write'], noPages);
    await purger.purgeEverything();
    expect(open.purges.map(({ method, path, headers }) => [method, path, headers['xkey-purge']])).toEqual([
      ['PURGE', '/purge', 'post-12 latest-posts any-write'],
      ['PURGE', '/purge', 'all'],
    ]);
    open.failNext(1);
    await expect(purger.purgeTags(['post-12'], noPages)).rejects.toThrow('Varnish answered 503');
  });

  it('Cloudflare: tags 30 a request, or the kept pages\' addresses, or everything; a refusal is an error', async () => {
    open = await cloudflareStandIn();
    const env = { CDN_PURGE: 'cloudflare', CDN_PURGE_ZONE_ID: STAND_IN_ZONE, CDN_PURGE_TOKEN: STAND_IN_TOKEN, CDN_PURGE_API_URL: open.url };
    const tags = Array.from({ length: 31 }, (_, i) => `post-${i}`);
    await purgerFor(env).purgeTags(tags, noPages);
    await purgerFor(env).purgeEverything();
    await purgerFor({ ...env, CDN_PURGE_BY: 'urls' }).purgeTags(['post-1', 'any-write'], () => Promise.resolve(['/lamp', '/']));
    expect(open.purges.map((purge) => purge.body)).toEqual([
      { tags: tags.slice(0, 30) },
      { tags: tags.slice(30) },
      { purge_everything: true },
      { files: ['https://shop.example/lamp', 'https://shop.example/'] },
    ]);
    expect(open.purges.every((purge) => purge.headers['content-type'] === 'application/json')).toBe(true);
    await expect(purgerFor({ ...env, CDN_PURGE_TOKEN: 'wrong' }).purgeTags(['post-1'], noPages)).rejects.toThrow(
      'Cloudflare answered 403: Authentication error',
    );
    open.failNext(1);
    await expect(purgerFor(env).purgeTags(['post-1'], noPages)).rejects.toThrow('Cloudflare answered 503: Service temporarily unavailable');
  });

  it('Fastly: a soft purge of up to 256 surrogate keys a request; everything by purge_all', async () => {
    open = await fastlyStandIn();
    const env = { CDN_PURGE: 'fastly', CDN_PURGE_SERVICE_ID: STAND_IN_SERVICE, CDN_PURGE_TOKEN: STAND_IN_TOKEN, CDN_PURGE_API_URL: open.url };
    const tags = Array.from({ length: 300 }, (_, i) => `post-${i}`);
    await purgerFor(env).purgeTags(tags, noPages);
    await purgerFor(env).purgeEverything();
    expect(open.purges.map(({ path, headers }) => [path, String(headers['surrogate-key'] ?? '').split(' ').filter(Boolean).length, headers['fastly-soft-purge'] ?? null])).toEqual([
      [`/service/${STAND_IN_SERVICE}/purge`, 256, '1'],
      [`/service/${STAND_IN_SERVICE}/purge`, 44, '1'],
      [`/service/${STAND_IN_SERVICE}/purge_all`, 0, null],
    ]);
    await expect(purgerFor({ ...env, CDN_PURGE_TOKEN: 'wrong' }).purgeTags(['post-1'], noPages)).rejects.toThrow(
      'Fastly answered 401: Provided credentials are missing or invalid',
    );
  });

  it('Bunny: one purge by CacheTag a tag; everything with no body', async () => {
    open = await bunnyStandIn();
    const env = { CDN_PURGE: 'bunny', CDN_PURGE_ZONE_ID: STAND_IN_PULL_ZONE, CDN_PURGE_TOKEN: STAND_IN_TOKEN, CDN_PURGE_API_URL: open.url };
    await purgerFor(env).purgeTags(['post-12', 'latest-posts'], noPages);
    await purgerFor(env).purgeEverything();
    expect(open.purges.map((purge) => purge.body)).toEqual([{ CacheTag: 'post-12' }, { CacheTag: 'latest-posts' }, '']);
    await expect(purgerFor({ ...env, CDN_PURGE_ZONE_ID: '999' }).purgeTags(['post-1'], noPages)).rejects.toThrow(
      'Bunny answered 404: The requested Pull Zone was not found',
    );
    await expect(purgerFor({ ...env, CDN_PURGE_TOKEN: 'wrong' }).purgeTags(['post-1'], noPages)).rejects.toThrow('Bunny answered 401');
  });
});
