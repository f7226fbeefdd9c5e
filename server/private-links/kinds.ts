/**
 * The kinds of private link, as data: for each, the path its token follows
 * (from the one list, common/private-links.ts), what it opens, how many an
 * owner holds at once, whether its token is kept sealed so staff can read
 * the link again, and how long it works. `links.ts` issues, opens, reissues
 * and revokes every kind by these rules.
 */
import { PRIVATE_LINK_PATHS, type PrivateLinkKind } from '../../common/private-links.ts';

const DAY = 24 * 60 * 60;

/** A creator link outlives its campaign's end by this long, for the final numbers. */
export const CREATOR_LINK_DAYS_AFTER_END = 30;
/** A campaign whose end is not known gets a creator link for this long. */
export const CREATOR_LINK_DAYS_WITHOUT_END = 180;
/** However far the end, a creator link needs reissuing after this long. */
export const CREATOR_LINK_MAX_DAYS = 365;
/** A draft's preview link works this long. */
export const PREVIEW_LINK_DAYS = 7;

/**
 * When a creator link issued at `now` stops working: 30 days after the
 * campaign's end (at least 30 days from now, at most a year), or 180 days
 * without an end. Fixed when issued: a later end is followed by reissuing.
 */
export function creatorLinkExpiry(endsAt: number | null, now: number): number {
  if (endsAt === null) return now + CREATOR_LINK_DAYS_WITHOUT_END * DAY;
  const afterEnd = Math.max(endsAt, now) + CREATOR_LINK_DAYS_AFTER_END * DAY;
  return Math.min(afterEnd, now + CREATOR_LINK_MAX_DAYS * DAY);
}

/** The rules of one kind; `Context` is what its lifetime depends on beyond the time of issue. */
export interface PrivateLinkRules<Context> {
  /** The path prefix its token follows: `/{prefix}/{token}`. */
  prefix: string;
  /** What a working token opens. */
  opens: string;
  /** `one`: a new link replaces the owner's link before it; `many`: links are added, each revoked on its own or all at once. */
  perOwner: 'one' | 'many';
  /**
   * How the token is kept for staff to read the link again (decision 090: a
   * link is opened by its hash alone, never by unsealing): sealed for this
   * purpose and bound to its owner, so a sealed copy moved to another row does
   * not open. Null: the link is shown once, when made, and never again.
   */
  sealed: { purpose: string; boundTo: (ownerId: number) => string } | null;
  /** When a link issued at `now` stops working; null: only when it is revoked or replaced. */
  expiresAt(now: number, context: Context): number | null;
}

export const PRIVATE_LINK_KINDS = {
  creatorUpdate: {
    prefix: PRIVATE_LINK_PATHS.creatorUpdate,
    opens: "a post's campaign, for its creator to keep the numbers up to date (decision 063)",
    perOwner: 'one',
    // The purposes and bindings are those of the links already issued: changed, no stored link could be shown again.
    sealed: { purpose: 'campaign update links', boundTo: (postId: number) => `post:${postId}` },
    expiresAt: (now: number, campaign: { endsAt: number | null }) => creatorLinkExpiry(campaign.endsAt, now),
  },
  sponsorReport: {
    prefix: PRIVATE_LINK_PATHS.sponsorReport,
    opens: "a sponsored submission's report of its post's numbers (decision 068)",
    perOwner: 'one',
    sealed: { purpose: 'sponsor report links', boundTo: (submissionId: number) => `sponsored_submission:${submissionId}` },
    expiresAt: (): null => null,
  },
  preview: {
    prefix: PRIVATE_LINK_PATHS.preview,
    opens: 'a draft or scheduled post or resource, as it will look',
    perOwner: 'many',
    sealed: null,
    expiresAt: (now: number): number => now + PREVIEW_LINK_DAYS * DAY,
  },
} as const satisfies Record<PrivateLinkKind, PrivateLinkRules<never>>;

/** The site path of a kind's link. */
export const privateLinkPath = (kind: PrivateLinkKind, token: string): `/${string}` => `/${PRIVATE_LINK_KINDS[kind].prefix}/${token}`;
