/**
 * Counted clicks (decision 067): a click to a post's campaign (a ping from
 * its page or `/go/`), a share button, a newsletter link. Every count goes
 * through `countClick`, the one place that decides whether a click is
 * counted at all; each adds one to a per-day total and nothing else, so no
 * click can be traced to anyone.
 *
 * The redirects only ever lead where the database says: a post's campaign
 * as stored (with its referral tag), a network's share form for the post's
 * own address, a newsletter link as sent. Nothing in the request chooses
 * the destination, so none of them is an open redirect.
 */
import { isbot } from 'isbot';
import { isLive } from '../../../common/publication.ts';
import { outboundUrl } from '../../../common/outbound.ts';
import { isOneLine } from '../../../common/schemas/fields.ts';
import { SHARE_NETWORKS, shareUrl, type ShareNetwork } from '../../../common/share.ts';
import { siteLink } from '../../config.ts';
import { addClick } from '../../db/queries/analytics-clicks.ts';
import { findIssueLink } from '../../db/queries/newsletter-links.ts';
import { findPost } from '../../db/queries/posts.ts';
import type { ClickKind } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AnalyticsService } from './analytics.ts';
import { memoryRateLimit } from '../rate-limits.ts';

/** What of the request decides whether its click counts. */
export interface ClickRequest {
  userAgent: string | null;
  /** The `Sec-Purpose` (or older `Purpose`) header: a prefetch is nobody's click. */
  purpose: string | null;
  /** The address the rate limits use (TRUST_PROXY applies); only its hash with the day's salt is kept, for two days. */
  clientIp: string;
  /** A ping sent by a page of another site (never said of a redirect: links from elsewhere are what they are for). */
  fromAnotherSite?: boolean;
  /** A HEAD request for a redirect (a link checker, a preview): led on, never counted. */
  head?: boolean;
}

/** Why a click was not counted, as `/metrics` names it (`clicks_not_counted_total{reason}`). */
export const CLICKS_NOT_COUNTED_REASONS = ['head_request', 'cross_site', 'unknown_post', 'prefetch', 'bot', 'counting_off', 'rate_limited', 'repeat', 'failed'] as const;
export type ClickNotCountedReason = (typeof CLICKS_NOT_COUNTED_REASONS)[number];

/** What one address's click counts once a day: the kind and the post (for a newsletter, the issue's link). */
const onceADay = (kind: ClickKind, subjectId: number, target: string): string =>
  kind === 'newsletter' ? `click:${kind}:${subjectId}:${target}` : `click:${kind}:${subjectId}`;

/** Where a counted redirect leads, and the post it counts for. */
export interface ClickDestination {
  subjectId: number;
  url: string;
}


const isShareNetwork = (value: string): value is ShareNetwork => (SHARE_NETWORKS as readonly string[]).includes(value);

export function clickCountingService(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'rateLimits'>,
  /**
   * The analytics service: the owner's switch (with counting off, no click is
   * counted either), and the day's salt that keys an address.
   */
  counting: Pick<AnalyticsService, 'countingEnabled' | 'addressOfDay' | 'firstToday'>,
) {
  const { db, config, logger } = deps;
  // In memory per server, as the beacons' (decision 071).
  const limitClicks = memoryRateLimit(deps.rateLimits.clicksPerIp);
  const notCounted = new Map<ClickNotCountedReason, number>(CLICKS_NOT_COUNTED_REASONS.map((reason) => [reason, 0]));
  const skip = (reason: ClickNotCountedReason): false => {
    notCounted.set(reason, (notCounted.get(reason) ?? 0) + 1);
    return false;
  };

  /** A live post by its slug; undefined for any other. */
  async function livePost(slug: string) {
    const post = await findPost(db, { publishedSlug: slug });
    return post && isLive(post) ? post : undefined;
  }

  /**
   * Counts one click, unless it is a HEAD request, counting is off, it came
   * from a bot, a prefetch or (a ping) a page of another site, the address
   * passed its rate, or the address already clicked this post this way
   * today: one click per address, post and kind a day (for a newsletter,
   * per link of the issue). A count that fails is logged and forgotten: the
   * visitor still gets where they were going. True when it was counted.
   */
  async function countClick(kind: ClickKind, subjectId: number, target: string, from: ClickRequest): Promise<boolean> {
    if (from.head) return skip('head_request');
    if (from.fromAnotherSite) return skip('cross_site');
    if (from.purpose && /prefetch|prerender/i.test(from.purpose)) return skip('prefetch');
    if (!from.userAgent || isbot(from.userAgent)) return skip('bot');
    try {
      if (!(await counting.countingEnabled())) return skip('counting_off');
      // On the site's day, as the page views (decision 085).
      const { day, key } = await counting.addressOfDay(from.clientIp, 'click');
      try {
        limitClicks(key);
      } catch {
        return skip('rate_limited');
      }
      if (!(await counting.firstToday(day, key, onceADay(kind, subjectId, target)))) return skip('repeat');
      await addClick(db, kind, subjectId, day, target);
      return true;
    } catch (error) {
      logger.warn({ err: error, kind, subject: subjectId }, 'clicks: a click could not be counted');
      return skip('failed');
    }
  }

  /**
   * A live post's campaign as stored, with its referral tag; undefined
   * without one, or when the stored address has a control character (kept
   * from before such were refused): `new URL` would drop it and lead
   * somewhere that is not what was stored.
   */
  async function campaignOf(slug: string): Promise<ClickDestination | undefined> {
    const post = await livePost(slug);
    const url = post && isOneLine(post.campaign_url) ? outboundUrl({ url: post.campaign_url, ref_tag: post.campaign?.ref_tag ?? null }) : null;
    return post && url ? { subjectId: post.id, url } : undefined;
  }

  return {
    countClick,

    /**
     * The ping of a campaign link on a post's page (`post` its slug):
     * counted as an outbound click of a live post with a campaign, else not
     * counted, under its reason like every click. True when it was counted.
     */
    async countCampaignPing(slug: string | undefined, from: ClickRequest): Promise<boolean> {
      if (from.fromAnotherSite) return skip('cross_site');
      let campaign: ClickDestination | undefined;
      try {
        campaign = slug ? await campaignOf(slug) : undefined;
      } catch (error) {
        skip('failed');
        throw error;
      }
      if (!campaign) return skip('unknown_post');
      return countClick('outbound', campaign.subjectId, 'page', from);
    },

    /** Clicks not counted since the server started, by reason (for `/metrics`). */
    notCounted: (): ReadonlyMap<ClickNotCountedReason, number> => notCounted,

    campaignOf,

    /** The network's share form for a live post's own address; undefined for an unknown post or network. */
    async shareOf(slug: string, network: string): Promise<ClickDestination | undefined> {
      if (!isShareNetwork(network)) return undefined;
      const post = await livePost(slug);
      if (!post) return undefined;
      return { subjectId: post.id, url: shareUrl(network, siteLink(config, `/${post.slug}`), post.title) };
    },

    /** A newsletter link as sent, the issue deleted or not; undefined when there was none. */
    async newsletterLinkOf(issueId: number, linkNo: number): Promise<ClickDestination | undefined> {
      const link = await findIssueLink(db, issueId, linkNo);
      return link ? { subjectId: issueId, url: link.url } : undefined;
    },
  };
}

export type ClickCountingService = ReturnType<typeof clickCountingService>;
