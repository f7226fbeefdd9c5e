/**
 * What each event says: ids and public fields only (a post's address,
 * title and state; a campaign's public facts), never a draft's body, an
 * author's address or anything staff alone see. Which events a post's save
 * makes is decided here from the post before and after it.
 */
import type { PostJson } from '../../common/answers.ts';
import type { CampaignFacts, CampaignState } from '../../common/campaign.ts';
import type { WebhookEventType } from '../../common/schemas/webhook.ts';

/** A campaign over: it will take no more pledges through its platform's campaign page. */
const ENDED_STATES: ReadonlySet<CampaignState> = new Set(['successful', 'failed', 'canceled', 'late_pledge']);

type PostFields = Pick<PostJson, 'id' | 'slug' | 'title' | 'status' | 'published_at' | 'sponsored'> & {
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

const isLive = (post: PostFields | undefined) => post?.status === 'published';

/** The public facts of a campaign, to tell a change of them from an edit of anything else. */
const publicFacts = (post: PostFields | undefined) => (post?.campaign ? JSON.stringify(campaignData(post, '')) : null);

/** The events of one save of a post (`before` undefined for a new one). Campaign events are told of live posts only. */
export function postSaveEvents(before: PostFields | undefined, after: PostFields, origin: string): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  if (isLive(after) && !isLive(before)) events.push({ type: 'post.published', data: postData(after, origin) });
  else if (!isLive(after) && isLive(before)) events.push({ type: 'post.unpublished', data: postData(after, origin) });
  else if (isLive(after)) events.push({ type: 'post.updated', data: postData(after, origin) });
  if (isLive(after) && isLive(before) && after.campaign && publicFacts(before) !== publicFacts(after)) {
    events.push({ type: 'campaign.updated', data: campaignData(after, origin) });
    const wasEnded = before?.campaign ? ENDED_STATES.has(before.campaign.state) : false;
    if (ENDED_STATES.has(after.campaign.state) && !wasEnded) events.push({ type: 'campaign.ended', data: campaignData(after, origin) });
  }
  return events;
}

/** A post removed: unpublished, when it was live. */
export function postRemoveEvents(post: PostFields, origin: string): WebhookEvent[] {
  return isLive(post) ? [{ type: 'post.unpublished', data: { ...postData(post, origin), state: 'deleted' } }] : [];
}
