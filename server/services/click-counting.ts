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
import { isLive } from '../../common/publication.ts';
import { outboundUrl } from '../../common/outbound.ts';
import { isOneLine } from '../../common/schemas/fields.ts';
import { SHARE_NETWORKS, shareUrl, type ShareNetwork } from '../../common/share.ts';
import { siteLink } from '../config.ts';
import { addClick } from '../db/queries/analytics-clicks.ts';
import { findIssueLink } from '../db/queries/newsletter-links.ts';
import { findPost } from '../db/queries/posts.ts';
import type { ClickKind } from '../db/schema.ts';
import { siteDay } from '../analytics/visitor.ts';
import type { AppDeps } from '../deps.ts';

/** What of the request decides whether its click counts. */
export interface ClickRequest {
  userAgent: string | null;
  /** The `Sec-Purpose` (or older `Purpose`) header: a prefetch is nobody's click. */
  purpose: string | null;
}

/** Where a counted redirect leads, and the post it counts for. */
export interface ClickDestination {
  subjectId: number;
  url: string;
}


const isShareNetwork = (value: string): value is ShareNetwork => (SHARE_NETWORKS as readonly string[]).includes(value);

export function clickCountingService(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'siteProfileCache'>,
  /** The owner's switch (the analytics service's): with counting off, no click is counted either. */
  counting: { countingEnabled: () => Promise<boolean> },
) {
  const { db, config, logger } = deps;

  /** A live post by its slug; undefined for any other. */
  async function livePost(slug: string) {
    const post = await findPost(db, { publishedSlug: slug });
    return post && isLive(post) ? post : undefined;
  }

  return {
    /**
     * Counts one click, unless counting is off or it came from a bot or a prefetch. A count
     * that fails is logged and forgotten: the visitor still gets where
     * they were going. True when it was counted.
     */
    async countClick(kind: ClickKind, subjectId: number, target: string, from: ClickRequest): Promise<boolean> {
      if (from.purpose && /prefetch|prerender/i.test(from.purpose)) return false;
      if (!from.userAgent || isbot(from.userAgent)) return false;
      try {
        if (!(await counting.countingEnabled())) return false;
        // On the site's day, as the page views (decision 085).
        await addClick(db, kind, subjectId, siteDay(Date.now(), (await deps.siteProfileCache.current()).time_zone), target);
        return true;
      } catch (error) {
        logger.warn({ err: error, kind, subject: subjectId }, 'clicks: a click could not be counted');
        return false;
      }
    },

    /**
     * A live post's campaign as stored, with its referral tag; undefined
     * without one, or when the stored address has a control character (kept
     * from before such were refused): `new URL` would drop it and lead
     * somewhere that is not what was stored.
     */
    async campaignOf(slug: string): Promise<ClickDestination | undefined> {
      const post = await livePost(slug);
      const url = post && isOneLine(post.campaign_url) ? outboundUrl({ url: post.campaign_url, ref_tag: post.campaign?.ref_tag ?? null }) : null;
      return post && url ? { subjectId: post.id, url } : undefined;
    },

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
