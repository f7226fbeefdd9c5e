/**
 * Following a campaign (decision 097): a reader gives an address on a
 * post whose campaign is before its launch or running, confirms it through
 * the mailed link (the newsletter's double opt-in rules: a link valid 7
 * days, NEWSLETTER_DOUBLE_OPT_IN=false follows at once), and leaves through
 * the links of the alerts. Every request answers the same whatever the
 * address's standing, so no one learns who follows what.
 */
import type { FollowStatus } from '../../../common/follow.ts';
import { FOLLOW_PROMISE, isFollowable, momentsAlreadyPast, writeMoments } from '../../../common/follow.ts';
import { csvLines } from '../../../common/csv.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { isHoneypotFilled } from '../../../common/honeypot.ts';
import { subscriberSchema } from '../../../common/schemas/subscriber.ts';
import { NEWSLETTER_CONFIRM_DAYS } from '../../../common/site.ts';
import { validate } from '../../../common/validate.ts';
import type { Caller } from '../../auth/caller.ts';
import { hashToken, newToken } from '../../auth/token-hash.ts';
import { siteLink } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { findCampaign, findCampaigns, factsOf } from '../../db/queries/campaigns.ts';
import {
  calendarSequence,
  confirmFollow,
  countFollowers,
  endFollows,
  findFollow,
  findFollowById,
  findFollowIdsOfEmail,
  findFollowsByIds,
  findFollowToConfirm,
  insertFollow,
  listFollowsOfPost,
  normaliseEmail,
  renewFollow,
  type FollowRequest,
} from '../../db/queries/follows.ts';
import { hitRateLimit } from '../../db/queries/rate-limits.ts';
import { findPost } from '../../db/queries/posts.ts';
import type { AppDeps } from '../../deps.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import type { FollowAlerts } from '../../follows/alerts.ts';
import { campaignEventIcs } from '../../follows/calendar.ts';
import { followLinks } from '../../follows/links.ts';

const CONFIRM_SECONDS = NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60;

/** What a follow request answers: the same for every address. */
export interface FollowAnswer {
  status: Extract<FollowStatus, 'pending' | 'following'>;
}

/** The campaign a link is about, as its page names it. */
export interface FollowedCampaign {
  title: string;
  slug: string;
}

export type LeaveScope = 'these' | 'address';

const notFollowable = (message: string) => new DomainError('NOT_FOLLOWABLE', message);
const badLink = () => new DomainError('INVALID_TOKEN', 'This link is not valid any more.', { kind: 'not_found' });

export function followsService(deps: AppDeps, alerts: Pick<FollowAlerts, 'checkSoon'>) {
  const { db, logger, config, mailer, rateLimits } = deps;
  const doubleOptIn = config.NEWSLETTER_DOUBLE_OPT_IN;
  const links = followLinks(deps.totpEncryptionKey);
  const answer = (): FollowAnswer => ({ status: doubleOptIn ? 'pending' : 'following' });

  async function titlesOf(postIds: readonly number[]): Promise<Map<number, FollowedCampaign>> {
    const rows = postIds.length === 0 ? [] : await db.selectFrom('posts').select(['id', 'title', 'slug']).where('id', 'in', [...postIds]).execute();
    return new Map(rows.map((row) => [row.id, { title: row.title, slug: row.slug }]));
  }

  async function confirmationMail(email: string, token: string, expiresAt: number, campaign: FollowedCampaign) {
    const link = siteLink(config, `/follow/confirm?token=${token}`);
    const siteName = await deps.siteProfileCache.siteName();
    return {
      kind: 'follow_confirmation',
      to: email,
      secretLinks: { urls: [link], keptUntil: expiresAt },
      subject: `Confirm that you want to follow ${campaign.title}`,
      text:
        `Please confirm that you want news of ${campaign.title} from ${siteName} at this address:\n\n${link}\n\n` +
        `${FOLLOW_PROMISE}\n\n` +
        `The link works for ${NEWSLETTER_CONFIRM_DAYS} days. If you did not ask for it, ignore this mail: nothing will be sent to you.\n`,
    };
  }

  /** The campaign a pending follow's link names, if the link still works. */
  async function pendingOf(token: string) {
    if (!token) return undefined;
    const follow = await findFollowToConfirm(db, hashToken(token), nowSeconds());
    if (!follow) return undefined;
    const campaign = (await titlesOf([follow.post_id])).get(follow.post_id);
    return campaign ? { follow, campaign } : undefined;
  }

  /** The follows a link ends, and the campaigns they are of. */
  async function followsOfLink(token: string) {
    const link = token ? links.open(token) : null;
    if (!link) return undefined;
    let ids: number[];
    if (link.kind === 'these') ids = link.followIds;
    else {
      const one = await findFollowById(db, link.followId);
      ids = one ? await findFollowIdsOfEmail(db, one.email) : [];
    }
    const follows = await findFollowsByIds(db, ids);
    if (follows.length === 0) return undefined;
    const titles = await titlesOf([...new Set(follows.map((follow) => follow.post_id))]);
    return {
      scope: link.kind,
      follows,
      campaigns: [...titles.values()],
    };
  }

  return {
    /**
     * A reader asks to follow the campaign of the post at `slug`. 404 for
     * an unknown post, 409 NOT_FOLLOWABLE for one with no campaign or one
     * that is over; otherwise the same answer for every address. A
     * confirmation mail goes out at most once an hour per address and
     * campaign.
     */
    async follow(slug: string, values: unknown, caller: Caller): Promise<FollowAnswer> {
      const { email } = validate(subscriberSchema, values);
      const post = await findPost(db, { publishedSlug: slug });
      if (!post) throw notFound('Post not found');
      const facts = await findCampaign(db, post.id);
      if (!facts) throw notFollowable('This post has no campaign to follow.');
      const now = nowSeconds();
      if (!isFollowable(facts, now)) throw notFollowable('This campaign is over: there is nothing left to follow.');
      if (isHoneypotFilled(values)) {
        logger.info('follow: honeypot filled, request dropped');
        return answer();
      }
      await enforceRateLimit(db, rateLimits.followPerIp, caller.clientIp);

      const existing = await findFollow(db, post.id, email);
      if (existing?.status === 'following') return answer();
      const token = newToken();
      const request: FollowRequest = {
        postId: post.id,
        email,
        confirmation: doubleOptIn ? { tokenHash: hashToken(token), expiresAt: now + CONFIRM_SECONDS } : null,
        momentsDone: writeMoments(new Set(momentsAlreadyPast(factsOf(facts)))),
        now,
      };
      if (doubleOptIn) {
        // Counted by a hash of the campaign and address: the counters never hold an address.
        const mails = await hitRateLimit(db, rateLimits.followMailsPerRecipient, hashToken(`follow:${post.id}:${normaliseEmail(email)}`));
        if (!mails.allowed) return answer();
      }
      const row = existing ? await renewFollow(db, existing, request) : await insertFollow(db, request);
      // Asked at the same moment by another request, whose mail is on its way.
      if (!row) return answer();
      if (doubleOptIn) {
        await mailer.sendMail(await confirmationMail(email.trim(), token, request.confirmation?.expiresAt ?? now, post));
      } else {
        await alerts.checkSoon();
      }
      logger.info({ follow: row.id, post: post.id, status: row.status }, 'follow: requested');
      return answer();
    },

    /** The campaign a confirmation link names, while the link works (the page asks before confirming). */
    async confirmable(token: string): Promise<FollowedCampaign | undefined> {
      return (await pendingOf(token))?.campaign;
    },

    /**
     * Confirms the follow of a mailed link: the moments already past (a
     * launch before it, a goal reached) are not sent. INVALID_TOKEN for a
     * wrong, expired or used link.
     */
    async confirm(token: string): Promise<FollowedCampaign> {
      const pending = await pendingOf(token);
      if (!pending) throw badLink();
      const campaign = await findCampaign(db, pending.follow.post_id);
      const done = writeMoments(new Set(campaign ? momentsAlreadyPast(factsOf(campaign)) : []));
      if (!(await confirmFollow(db, pending.follow.id, done, nowSeconds()))) throw badLink();
      logger.info({ follow: pending.follow.id, post: pending.follow.post_id }, 'follow: confirmed');
      await alerts.checkSoon();
      return pending.campaign;
    },

    /** What an unsubscribe link would end: the campaigns still followed. */
    async leavePage(token: string): Promise<{ scope: LeaveScope; campaigns: FollowedCampaign[]; following: boolean }> {
      const found = await followsOfLink(token);
      if (!found) throw badLink();
      return { scope: found.scope, campaigns: found.campaigns, following: found.follows.some((follow) => follow.status !== 'ended') };
    },

    /** Ends the follows of an unsubscribe link, at once (RFC 8058 needs no more). */
    async leave(token: string, via: 'one-click' | 'link'): Promise<{ scope: LeaveScope; campaigns: FollowedCampaign[] }> {
      const found = await followsOfLink(token);
      if (!found) throw badLink();
      const ended = await endFollows(
        db,
        found.follows.map((follow) => follow.id),
        found.scope === 'address' ? `all-${via}` : via,
        nowSeconds(),
      );
      logger.info({ follows: ended, via }, 'follow: ended by its reader');
      return { scope: found.scope, campaigns: found.campaigns };
    },

    /** Confirmed follows of each post's campaign, ever (staff and sponsors only). */
    followerCounts: (postIds: readonly number[]) => countFollowers(db, postIds),

    /** Staff: a post as the back office answers it, its campaign with its follower count. */
    async withFollowers<T>(item: T): Promise<T> {
      const post = item as { id?: unknown; campaign?: Record<string, unknown> | null };
      if (typeof post.id !== 'number' || !post.campaign) return item;
      const followers = (await countFollowers(db, [post.id])).get(post.id) ?? 0;
      return { ...post, campaign: { ...post.campaign, followers } } as T;
    },

    /** Owners and admins: a campaign's confirmed followers as CSV, cells safe to open in a spreadsheet. */
    async followersCsv(postId: number): Promise<string> {
      const campaigns = await findCampaigns(db, [postId]);
      if (!campaigns.has(postId)) throw notFound('This post has no campaign');
      const iso = (at: number | null) => (at === null ? '' : new Date(at * 1000).toISOString());
      const rows = await listFollowsOfPost(db, postId);
      return csvLines([
        ['Email', 'Status', 'Asked', 'Confirmed', 'Ended'],
        ...rows.map((row) => [row.email, row.status, iso(row.created_at), iso(row.confirmed_at), iso(row.ended_at)]),
      ]);
    },

    /**
     * The calendar file of the campaign of the published post at `slug`:
     * its last 48 hours; null when the post, its campaign or its end is
     * unknown. No account and no address needed.
     */
    async calendar(slug: string): Promise<string | null> {
      const post = await findPost(db, { publishedSlug: slug });
      const facts = post ? await findCampaign(db, post.id) : undefined;
      if (!post || !facts || facts.ends_at === null) return null;
      return campaignEventIcs({
        postId: post.id,
        title: post.title,
        postUrl: siteLink(config, `/${post.slug}`),
        siteName: await deps.siteProfileCache.siteName(),
        endsAt: facts.ends_at,
        sequence: await calendarSequence(db, post.id, facts.ends_at),
        now: nowSeconds(),
      });
    },

  };
}

export type FollowsService = ReturnType<typeof followsService>;
