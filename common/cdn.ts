/**
 * The owners' view of the CDN in front (Settings → CDN, decision 098):
 * which one is configured, the last purge that went through and the recent
 * ones that failed.
 */
export type CdnKind = 'varnish' | 'cloudflare' | 'fastly' | 'bunny';

/** Why a purge was sent: a write, the clock (a countdown that flips), or an owner's "Purge everything". */
export type CdnPurgeReason = 'write' | 'clock' | 'everything';

export interface CdnPurgeJson {
  /** The cache tags purged; null for everything. */
  tags: string[] | null;
  reason: CdnPurgeReason;
  /** Which attempt it was, 1 for the first. */
  attempt: number;
  /** For a failure: whether it is tried again (false: it was the last attempt). */
  retried: boolean;
  error: string | null;
  /** Unix seconds. */
  at: number;
}

export interface CdnStatusJson {
  /** Null: no CDN is configured, and nothing is purged. */
  cdn: CdnKind | null;
  /** Where purges go (an address, a zone, a service), never a secret. */
  target: string | null;
  last_purge: CdnPurgeJson | null;
  failures: CdnPurgeJson[];
}

export const CDN_NAMES: Record<CdnKind, string> = {
  varnish: 'Varnish',
  cloudflare: 'Cloudflare',
  fastly: 'Fastly',
  bunny: 'Bunny',
};
