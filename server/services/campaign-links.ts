/**
 * The creator's private update link of a post's campaign (decision 063):
 * 32 random bytes in the address, found by their SHA-256 alone, and kept
 * sealed (server/auth/sealing.ts, bound to the post) so staff can read the
 * link on the post and the sponsor's mail can carry the link already issued;
 * a server holding another key still opens the link, and tells staff it
 * cannot show it. A copy
 * of the database alone holds no working link. One link per campaign:
 * issuing replaces it (the old token stops working), revoking clears it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SEALED_WITH_ANOTHER_KEY, sealerFor } from '../auth/sealing.ts';
import { siteLink } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import {
  clearCampaignLink,
  findCampaignByLink,
  findCampaignLinks,
  setCampaignLink,
  type CampaignLinkRecord,
} from '../db/queries/campaign-update-links.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

const DAY = 24 * 60 * 60;
/** A link outlives its campaign's end by this long, for the final numbers. */
export const CAMPAIGN_LINK_DAYS_AFTER_END = 30;
/** A campaign whose end is not known gets a link for this long. */
export const CAMPAIGN_LINK_DAYS_WITHOUT_END = 180;
/** However far the end, a link needs reissuing after this long. */
export const CAMPAIGN_LINK_MAX_DAYS = 365;

/**
 * When a link issued at `now` stops working: 30 days after the campaign's
 * end (at least 30 days from now, at most a year), or 180 days without an
 * end. Fixed when issued: a later end is followed by reissuing.
 */
export function campaignLinkExpiry(endsAt: number | null, now: number): number {
  if (endsAt === null) return now + CAMPAIGN_LINK_DAYS_WITHOUT_END * DAY;
  const afterEnd = Math.max(endsAt, now) + CAMPAIGN_LINK_DAYS_AFTER_END * DAY;
  return Math.min(afterEnd, now + CAMPAIGN_LINK_MAX_DAYS * DAY);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const boundTo = (postId: number) => `post:${postId}`;
/** base64url of 32 bytes; anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A link as staff and the sponsor's mail see it. */
export interface CampaignLinkJson {
  url: string;
  expires_at: number;
}

/** The link as staff read it: its address, or, when it was sealed under another key, why it cannot be shown. */
export type StaffCampaignLink = { url: string; problem: null; expires_at: number } | { url: null; problem: string; expires_at: number };

export const campaignUpdatePath = (token: string): `/${string}` => `/campaign-update/${token}`;

export function campaignLinks(deps: Pick<AppDeps, 'config' | 'totpEncryptionKey'>) {
  const sealer = sealerFor(deps.totpEncryptionKey, 'campaign update links');

  const shownOne = (link: CampaignLinkRecord): StaffCampaignLink => {
    const token = sealer.open(link.sealed, boundTo(link.post_id));
    return token === null
      ? { url: null, problem: SEALED_WITH_ANOTHER_KEY, expires_at: link.expires_at }
      : { url: siteLink(deps.config, campaignUpdatePath(token)), problem: null, expires_at: link.expires_at };
  };

  /** The working link of each post that has one, as staff read it. */
  async function shown(db: Db, postIds: readonly number[]): Promise<Map<number, StaffCampaignLink>> {
    const links = new Map<number, StaffCampaignLink>();
    for (const [postId, record] of await findCampaignLinks(db, postIds, nowSeconds())) links.set(postId, shownOne(record));
    return links;
  }

  return {
    /** A new link for the post's campaign, replacing any before it; null when the post has no campaign. */
    async issue(db: Db, postId: number, endsAt: number | null): Promise<CampaignLinkJson | null> {
      const token = randomBytes(32).toString('base64url');
      const now = nowSeconds();
      const expiresAt = campaignLinkExpiry(endsAt, now);
      const set = await setCampaignLink(db, postId, { tokenHash: hashToken(token), sealed: sealer.seal(token, boundTo(postId)), expiresAt });
      return set ? { url: siteLink(deps.config, campaignUpdatePath(token)), expires_at: expiresAt } : null;
    },

    /** Ends the post's link at once; false when the post has no campaign. */
    revoke: (db: Db, postId: number): Promise<boolean> => clearCampaignLink(db, postId),

    /**
     * The post whose campaign a token opens now, and until when; undefined for a wrong, revoked or expired one.
     * Found by the token's hash alone: the sealed copy is for staff, and a server holding another key still opens it.
     */
    async open(db: Db, token: string): Promise<{ postId: number; expiresAt: number } | undefined> {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const found = await findCampaignByLink(db, hashToken(token), nowSeconds());
      return found ? { postId: found.post_id, expiresAt: found.expires_at } : undefined;
    },

    shown,

    /** The working link of each post that has one and whose address this server can read. */
    async current(db: Db, postIds: readonly number[]): Promise<Map<number, CampaignLinkJson>> {
      const links = new Map<number, CampaignLinkJson>();
      for (const [postId, link] of await shown(db, postIds)) {
        if (link.url !== null) links.set(postId, { url: link.url, expires_at: link.expires_at });
      }
      return links;
    },
  };
}

export type CampaignLinks = ReturnType<typeof campaignLinks>;
