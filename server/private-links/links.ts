/**
 * Every kind of private link (kinds.ts) issued, opened, reissued and
 * revoked here. A token is 32 random bytes in the address; the database
 * keeps its SHA-256 (server/auth/token-hash.ts), by which alone a link
 * opens, and, for the kinds staff read again, the token sealed under the
 * key of secrets at rest (server/auth/sealing.ts). Unsealing only shows a
 * link to staff: a server holding another key still opens every link, and
 * tells staff why it cannot show one (decision 090). A copy of the
 * database alone holds no working link.
 */
import type { CreatorLinkJson } from '../../common/answers.ts';
import { SEALED_WITH_ANOTHER_KEY, sealerFor } from '../auth/sealing.ts';
import { hashToken, newToken } from '../auth/token-hash.ts';
import { siteLink, type Config } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import { clearCreatorLink, findCreatorLinkByHash, findCreatorLinks, setCreatorLink } from '../db/queries/creator-links.ts';
import {
  findValidPreviewLink,
  insertPreviewLink,
  listValidPreviewLinks,
  revokePreviewLinks,
  type PreviewLinkRecord,
} from '../db/queries/preview-links.ts';
import { clearReportLink, findReportByTokenHash, findReportLink, setReportLink } from '../db/queries/sponsor-reports.ts';
import type { ContentType, Db } from '../db/schema.ts';
import { PRIVATE_LINK_KINDS, privateLinkPath } from './kinds.ts';

/** What issuing a link needs: the site's address, and the key sealed kinds are kept under. */
type LinkDeps = { config: Config; totpEncryptionKey: Uint8Array };

/** base64url of 32 bytes; anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The hash a presented token is looked up by; undefined when it is not shaped like a token of ours, so it is never looked up. */
export const lookupHash = (token: string): string | undefined => (TOKEN_SHAPE.test(token) ? hashToken(token) : undefined);

/** A link as staff read it: its address, or, when its token was sealed under another key, why it cannot be shown. */
export type StaffLink = { url: string; problem: null } | { url: null; problem: string };

/** The kinds staff read again. */
type SealedKind = 'creatorUpdate' | 'sponsorReport';

/** A sealed kind's new tokens and their kept copies read back for staff. */
function sealedTokens(kind: SealedKind, deps: LinkDeps) {
  const { purpose, boundTo } = PRIVATE_LINK_KINDS[kind].sealed;
  const sealer = sealerFor(deps.totpEncryptionKey, purpose);
  const urlOf = (token: string) => siteLink(deps.config, privateLinkPath(kind, token));
  return {
    /** A new token of the owner: its link, and what the database keeps of it. */
    mint(ownerId: number): { url: string; tokenHash: string; sealed: string } {
      const token = newToken();
      return { url: urlOf(token), tokenHash: hashToken(token), sealed: sealer.seal(token, boundTo(ownerId)) };
    },

    /** The owner's kept copy as staff read it. */
    shown(sealed: string, ownerId: number): StaffLink {
      const token = sealer.open(sealed, boundTo(ownerId));
      return token === null ? { url: null, problem: SEALED_WITH_ANOTHER_KEY } : { url: urlOf(token), problem: null };
    },
  };
}

/** A creator link as staff read it, with when it stops working. */
export type StaffCreatorLink = StaffLink & { expires_at: number };

/**
 * Creator links: the creator's private update link of a post's campaign
 * (`/campaign-update/{token}`, decision 063), one per campaign, kept on its
 * `post_campaigns` row.
 */
export function creatorLinks(deps: LinkDeps) {
  const rules = PRIVATE_LINK_KINDS.creatorUpdate;
  const tokens = sealedTokens('creatorUpdate', deps);

  /** The working link of each post that has one, as staff read it. */
  async function shown(db: Db, postIds: readonly number[]): Promise<Map<number, StaffCreatorLink>> {
    const links = new Map<number, StaffCreatorLink>();
    for (const [postId, record] of await findCreatorLinks(db, postIds, nowSeconds())) {
      links.set(postId, { ...tokens.shown(record.sealed, postId), expires_at: record.expires_at });
    }
    return links;
  }

  /** A new link for the post's campaign, replacing any before it (the old token stops working); null when the post has no campaign. */
  async function issue(db: Db, postId: number, endsAt: number | null): Promise<CreatorLinkJson | null> {
    const expiresAt = rules.expiresAt(nowSeconds(), { endsAt });
    const { url, tokenHash, sealed } = tokens.mint(postId);
    return (await setCreatorLink(db, postId, { tokenHash, sealed, expiresAt })) ? { url, expires_at: expiresAt } : null;
  }

  return {
    issue,
    /** One link per campaign: a new one is the old one reissued. */
    reissue: issue,

    /** Ends the post's link at once; false when the post has no campaign. */
    revoke: (db: Db, postId: number): Promise<boolean> => clearCreatorLink(db, postId),

    /** The post whose campaign a token opens now, and until when; undefined for a wrong, revoked or expired one. */
    async open(db: Db, token: string): Promise<{ postId: number; expiresAt: number } | undefined> {
      const tokenHash = lookupHash(token);
      const found = tokenHash === undefined ? undefined : await findCreatorLinkByHash(db, tokenHash, nowSeconds());
      return found ? { postId: found.post_id, expiresAt: found.expires_at } : undefined;
    },

    shown,

    /** The working link of each post that has one and whose address this server can read. */
    async current(db: Db, postIds: readonly number[]): Promise<Map<number, CreatorLinkJson>> {
      const links = new Map<number, CreatorLinkJson>();
      for (const [postId, link] of await shown(db, postIds)) {
        if (link.url !== null) links.set(postId, { url: link.url, expires_at: link.expires_at });
      }
      return links;
    },
  };
}

export type CreatorLinks = ReturnType<typeof creatorLinks>;

/**
 * Sponsor report links: the sponsor's private link to their post's numbers
 * (`/sponsor-report/{token}`, decision 068), one per sponsored submission,
 * working until it is revoked or replaced.
 */
export function sponsorReportLinks(deps: LinkDeps) {
  const tokens = sealedTokens('sponsorReport', deps);

  /** A new link for the submission's report, replacing any before it (the old one stops working); null when there is no such submission. */
  async function issue(db: Db, submissionId: number): Promise<string | null> {
    const { url, tokenHash, sealed } = tokens.mint(submissionId);
    return (await setReportLink(db, submissionId, { tokenHash, sealed, issuedAt: nowSeconds() })) ? url : null;
  }

  /** The submission's working link as staff read it: its address, or why this server cannot show it; both null without a link. */
  async function shown(db: Db, submissionId: number): Promise<StaffLink | { url: null; problem: null }> {
    const record = await findReportLink(db, submissionId);
    return record ? tokens.shown(record.sealed, submissionId) : { url: null, problem: null };
  }

  return {
    issue,
    /** One link per submission: a new one is the old one reissued. */
    reissue: issue,

    /** Ends the link at once; false when there was none. */
    revoke: (db: Db, submissionId: number): Promise<boolean> => clearReportLink(db, submissionId),

    /** The submission a token opens; undefined for a wrong or revoked one. */
    async open(db: Db, token: string): Promise<number | undefined> {
      const tokenHash = lookupHash(token);
      return tokenHash === undefined ? undefined : (await findReportByTokenHash(db, tokenHash))?.submission_id;
    },

    shown,

    /** The submission's working link, null when it has none or this server cannot read it. */
    current: async (db: Db, submissionId: number): Promise<string | null> => (await shown(db, submissionId)).url,
  };
}

export type SponsorReportLinks = ReturnType<typeof sponsorReportLinks>;

/** A preview link as it is made: the only time its address is known. */
export interface IssuedPreviewLink {
  link: PreviewLinkRecord;
  url: string;
}

/**
 * Preview links: a draft or scheduled post or resource shown as it will
 * look (`/preview/{token}`), as many links per item as staff make, each
 * for seven days or until revoked. Only the token's hash is kept: its
 * address is shown once.
 */
export function previewLinks(deps: Pick<LinkDeps, 'config'>) {
  const rules = PRIVATE_LINK_KINDS.preview;

  /** A new link to the item, beside those it has. */
  async function issue(db: Db, type: ContentType, id: number, createdBy: number | null): Promise<IssuedPreviewLink> {
    const token = newToken();
    const now = nowSeconds();
    const link = await insertPreviewLink(db, { tokenHash: hashToken(token), type, id, createdBy, now, expiresAt: rules.expiresAt(now) });
    return { link, url: siteLink(deps.config, privateLinkPath('preview', token)) };
  }

  /** Revokes one link of the item, or (no `linkId`) all of them; how many were revoked. */
  const revoke = (db: Db, type: ContentType, id: number, linkId?: number): Promise<number> => revokePreviewLinks(db, type, id, nowSeconds(), linkId);

  return {
    issue,

    /** Every link of the item stops working, and one new link takes their place. */
    async reissue(db: Db, type: ContentType, id: number, createdBy: number | null): Promise<IssuedPreviewLink> {
      await revoke(db, type, id);
      return issue(db, type, id, createdBy);
    },

    revoke,

    /** The item's links that still work, newest first. */
    list: (db: Db, type: ContentType, id: number): Promise<PreviewLinkRecord[]> => listValidPreviewLinks(db, type, id, nowSeconds()),

    /** The link a token opens now (which item it shows); undefined for a wrong, expired or revoked one. */
    async open(db: Db, token: string): Promise<PreviewLinkRecord | undefined> {
      const tokenHash = lookupHash(token);
      return tokenHash === undefined ? undefined : findValidPreviewLink(db, tokenHash, nowSeconds());
    },
  };
}

export type PreviewLinks = ReturnType<typeof previewLinks>;
