/**
 * What each event says: ids and public fields only (a post's address,
 * title and state; a campaign's public facts), never a draft's body, an
 * author's address or anything staff alone see. Which events a post's save
 * makes is decided here from the post before and after it, at the second
 * of the save: a post is live once its `published_at` has come, and a
 * campaign is over once its result is known or its end has passed (the
 * follow alerts' rule). What the clock alone makes so (a scheduled post
 * going live, an end passing) the webhook clock tells at that second
 * (server/services/site/webhook-clock.ts).
 */
import type { PostJson } from '../../common/answers.ts';
import type { CampaignFacts } from '../../common/campaign.ts';
import { isCampaignOver } from '../../common/follow.ts';
import type { WebhookEventType } from '../../common/schemas/webhook.ts';

export type PostFields = Pick<PostJson, 'id' | 'slug' | 'title' | 'status' | 'published_at' | 'sponsored'> & {
  campaign: Pick<CampaignFacts, 'platform' | 'url' | 'state' | 'currency' | 'goal' | 'pledged' | 'backers' | 'launched_at' | 'ends_at'> | null;
};

export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

export function postData(post: PostFields, origin: string): Record<string, unknown> {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    url: `${origin}/${post.slug}`,
    state: post.status,
    published_at: post.published_at,
    sponsored: post.sponsored,
  };
}

export function campaignData(post: PostFields, origin: string): Record<string, unknown> {
  const campaign = post.campaign;
  return {
    post_id: post.id,
    post_slug: post.slug,
    post_url: `${origin}/${post.slug}`,
    platform: campaign?.platform ?? null,
    url: campaign?.url ?? null,
    state: campaign?.state ?? null,
    currency: campaign?.currency ?? null,
    goal: campaign?.goal ?? null,
    pledged: campaign?.pledged ?? null,
    backers: campaign?.backers ?? null,
    launched_at: campaign?.launched_at ?? null,
    ends_at: campaign?.ends_at ?? null,
  };
}

/** On the public site at `now`: published, and its publication time come (a scheduled post is not yet). */
export const isLive = (post: PostFields | undefined, now: number): boolean =>
  post?.status === 'published' && (post.published_at === null || post.published_at <= now);

/** Whether the post's campaign is over at `now`: its result recorded, or its end passed. */
export const isCampaignEnded = (post: PostFields | undefined, now: number): boolean => (post?.campaign ? isCampaignOver(post.campaign, now) : false);

/** The public facts of a campaign, to tell a change of them from an edit of anything else. */
const publicFacts = (post: PostFields | undefined) => (post?.campaign ? JSON.stringify(campaignData(post, '')) : null);

/**
 * The events of one save of a post at `now` (`before` undefined for a new
 * one). A scheduled post's save tells nothing: receivers hear of it when
 * it goes live. Campaign events are told of live posts only; the end when
 * this save makes the campaign over (a result recorded, an end moved into
 * the past), not when it records the result of one already over.
 */
export function postSaveEvents(before: PostFields | undefined, after: PostFields, origin: string, now: number): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const liveBefore = isLive(before, now);
  const liveAfter = isLive(after, now);
  if (liveAfter && !liveBefore) events.push({ type: 'post.published', data: postData(after, origin) });
  else if (!liveAfter && liveBefore) events.push({ type: 'post.unpublished', data: postData(after, origin) });
  else if (liveAfter) events.push({ type: 'post.updated', data: postData(after, origin) });
  if (liveAfter && liveBefore && after.campaign && publicFacts(before) !== publicFacts(after)) {
    events.push({ type: 'campaign.updated', data: campaignData(after, origin) });
    if (isCampaignEnded(after, now) && !isCampaignEnded(before, now)) events.push({ type: 'campaign.ended', data: campaignData(after, origin) });
  }
  return events;
}

/** A post removed: unpublished, when it was live. */
export function postRemoveEvents(post: PostFields, origin: string, now: number): WebhookEvent[] {
  return isLive(post, now) ? [{ type: 'post.unpublished', data: { ...postData(post, origin), state: 'deleted' } }] : [];
}
