/**
 * The CDNs a write's purge goes to (decision 098), each spoken to in its
 * own API: Varnish with the xkey module, Cloudflare, Fastly and Bunny. A
 * purger throws when the CDN did not take the purge, so its durable job
 * tries again later.
 */
import type { CdnKind } from '../../common/cdn.ts';
import type { Config } from '../config.ts';
import { SITE_TAG } from '../freshness/cache-tags.ts';

export type { CdnKind };

export interface CdnPurger {
  kind: CdnKind;
  /** Where purges go, as the owners' settings screen says it (never a secret). */
  target: string;
  /** Purges the answers carrying any of `tags`; `pagesOf` names their addresses, for a CDN purged by address. */
  purgeTags(tags: readonly string[], pagesOf: () => Promise<string[]>): Promise<void>;
  /** Purges everything the CDN keeps of the site. */
  purgeEverything(): Promise<void>;
}

export type Fetch = typeof fetch;

/** A CDN's API that does not answer within this is tried again later. */
const PURGE_TIMEOUT_MS = 10_000;

/** The public API origins, overridden by CDN_PURGE_API_URL (a stand-in in tests). */
const API_ORIGINS: Record<Exclude<CdnKind, 'varnish'>, string> = {
  cloudflare: 'https://api.cloudflare.com',
  fastly: 'https://api.fastly.com',
  bunny: 'https://api.bunny.net',
};

/** Items per request: Cloudflare takes 30 tags or addresses on every plan, Fastly 256 keys. */
const CLOUDFLARE_BATCH = 30;
const FASTLY_BATCH = 256;

export class CdnPurgeError extends Error {
  override name = 'CdnPurgeError';
}

const batches = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** What an answer says went wrong, short enough for the log and the settings screen. */
async function failureOf(cdn: string, response: Response): Promise<CdnPurgeError> {
  const text = (await response.text().catch(() => '')).slice(0, 300);
  let detail = text;
  try {
    const body = JSON.parse(text) as { errors?: { message?: string }[]; msg?: string; detail?: string; Message?: string };
    detail = body.errors?.map((error) => error.message).filter(Boolean).join('; ') || body.msg || body.Message || body.detail || text;
  } catch {
    // Not JSON: the text as it came.
  }
  return new CdnPurgeError(`${cdn} answered ${response.status}${detail ? `: ${detail}` : ''}`);
}

async function send(cdn: string, fetchImpl: Fetch, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS), redirect: 'manual' });
  } catch (error) {
    throw new CdnPurgeError(`${cdn} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw await failureOf(cdn, response);
  return response;
}

/** Varnish with the xkey module: `PURGE` to its address, the tags in `xkey-purge`, separated by spaces. */
function varnishPurger(url: string, fetchImpl: Fetch): CdnPurger {
  const purge = async (tags: readonly string[]) => {
    const response = await send('Varnish', fetchImpl, url, { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } });
    await response.body?.cancel();
  };
  return {
    kind: 'varnish',
    target: new URL(url).origin,
    purgeTags: (tags) => purge(tags),
    purgeEverything: () => purge([SITE_TAG]),
  };
}

/** Cloudflare: `POST /client/v4/zones/{zone}/purge_cache`, by tags, by addresses (`CDN_PURGE_BY=urls`), or everything. */
function cloudflarePurger(config: Pick<Config, 'CDN_PURGE_BY' | 'PUBLIC_URL'>, zone: string, token: string, origin: string, fetchImpl: Fetch): CdnPurger {
  const endpoint = `${origin}/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`;
  const purge = async (body: object) => {
    const response = await send('Cloudflare', fetchImpl, endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
    if (answer?.success !== true) {
      throw new CdnPurgeError(`Cloudflare refused the purge: ${answer?.errors?.map((error) => error.message).join('; ') || 'no success in its answer'}`);
    }
  };
  return {
    kind: 'cloudflare',
    target: `zone ${zone}${config.CDN_PURGE_BY === 'urls' ? ', by address' : ''}`,
    async purgeTags(tags, pagesOf) {
      if (config.CDN_PURGE_BY === 'urls') {
        // Purging by address cannot say "everything tagged": a write touching anything purges everything.
        if (tags.includes(SITE_TAG)) return purge({ purge_everything: true });
        const files = (await pagesOf()).map((path) => new URL(path, config.PUBLIC_URL).href);
        for (const batch of batches(files, CLOUDFLARE_BATCH)) await purge({ files: batch });
        return;
      }
      for (const batch of batches(tags, CLOUDFLARE_BATCH)) await purge({ tags: batch });
    },
    purgeEverything: () => purge({ purge_everything: true }),
  };
}

/** Fastly: `POST /service/{id}/purge` with the keys in `Surrogate-Key`, soft (marked stale, not dropped), 256 a request. */
function fastlyPurger(service: string, token: string, origin: string, fetchImpl: Fetch): CdnPurger {
  const base = `${origin}/service/${encodeURIComponent(service)}`;
  const headers = { 'fastly-key': token, accept: 'application/json' };
  return {
    kind: 'fastly',
    target: `service ${service}`,
    async purgeTags(tags) {
      for (const batch of batches(tags, FASTLY_BATCH)) {
        const response = await send('Fastly', fetchImpl, `${base}/purge`, {
          method: 'POST',
          headers: { ...headers, 'surrogate-key': batch.join(' '), 'fastly-soft-purge': '1' },
        });
        await response.body?.cancel();
      }
    },
    async purgeEverything() {
      const response = await send('Fastly', fetchImpl, `${base}/purge_all`, { method: 'POST', headers });
      await response.body?.cancel();
    },
  };
}

/** Bunny: `POST /pullzone/{id}/purgeCache`, one tag a request (`{"CacheTag": …}`), none for everything. */
function bunnyPurger(zone: string, token: string, origin: string, fetchImpl: Fetch): CdnPurger {
  const endpoint = `${origin}/pullzone/${encodeURIComponent(zone)}/purgeCache`;
  const purge = async (body: object | null) => {
    const response = await send('Bunny', fetchImpl, endpoint, {
      method: 'POST',
      headers: { accesskey: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await response.body?.cancel();
  };
  return {
    kind: 'bunny',
    target: `pull zone ${zone}`,
    async purgeTags(tags) {
      for (const tag of tags) await purge({ CacheTag: tag });
    },
    purgeEverything: () => purge(null),
  };
}

/** The purger of the configured CDN; null when none is (nothing is purged). */
export function createCdnPurger(
  config: Pick<
    Config,
    'CDN_PURGE' | 'CDN_PURGE_URL' | 'CDN_PURGE_ZONE_ID' | 'CDN_PURGE_SERVICE_ID' | 'CDN_PURGE_TOKEN' | 'CDN_PURGE_BY' | 'CDN_PURGE_API_URL' | 'PUBLIC_URL'
  >,
  fetchImpl: Fetch = fetch,
): CdnPurger | null {
  const cdn = config.CDN_PURGE;
  if (cdn === undefined) return null;
  // The configuration checked these at start (server/config.ts).
  const token = config.CDN_PURGE_TOKEN ?? '';
  const origin = (kind: Exclude<CdnKind, 'varnish'>) => (config.CDN_PURGE_API_URL ?? API_ORIGINS[kind]).replace(/\/+$/, '');
  switch (cdn) {
    case 'varnish':
      return varnishPurger(config.CDN_PURGE_URL ?? '', fetchImpl);
    case 'cloudflare':
      return cloudflarePurger(config, config.CDN_PURGE_ZONE_ID ?? '', token, origin('cloudflare'), fetchImpl);
    case 'fastly':
      return fastlyPurger(config.CDN_PURGE_SERVICE_ID ?? '', token, origin('fastly'), fetchImpl);
    case 'bunny':
      return bunnyPurger(config.CDN_PURGE_ZONE_ID ?? '', token, origin('bunny'), fetchImpl);
  }
}
