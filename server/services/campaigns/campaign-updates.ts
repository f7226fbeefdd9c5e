/**
 * The creator keeps their campaign's numbers fresh (issue 27, decision 063):
 * the sponsor of a post opens their private link (`/campaign-update/{token}`
 * and `GET`/`PUT /api/campaign-update/{token}`) and changes pledged,
 * backers, state or end, and nothing else. Every change goes through
 * `campaigns.applyFacts` as the creator's, so it is marked, kept in the
 * post's revisions and the audit log, and seen by the page caches. Staff
 * reissue and revoke the link. Wrong, revoked and expired links are
 * NOT_FOUND and change nothing; every request counts against the caller's
 * address and every update against the link.
 */
import type { CampaignJson } from '../../../common/campaign.ts';
import type { CampaignUpdatePageJson, CreatorLinkJson, PostJson } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { campaignCreatorUpdateSchema } from '../../../common/schemas/campaign.ts';
import { validate } from '../../../common/validate.ts';
import type { Caller } from '../../auth/caller.ts';
import { siteLink } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import type { CreatorLinks } from '../../private-links/links.ts';
import type { CampaignsService } from './campaigns.ts';
import { notifyOwner } from '../site/owner-notifications.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import type { SiteProfileService } from '../site/site-profile.ts';

/** The only fields the link may change. */
const CREATOR_FIELDS = ['pledged', 'backers', 'state', 'ends_at'] as const;

const LINK_NOT_FOUND = 'This campaign update link does not work: it may have expired or been replaced';

/** What the creator's link needs of the other services: the posts to read, the one way facts change. */
export interface CampaignUpdatesNeeds {
  posts: { findById(id: number): Promise<unknown> };
  campaigns: Pick<CampaignsService, 'applyFacts'>;
  links: CreatorLinks;
  siteProfile: Pick<SiteProfileService, 'current'>;
}

/** The creator's campaign as the public link answers it: never the link itself. */
function publicCampaign(campaign: CampaignJson): CampaignJson {
  const { update_url: _staffOnly, ...rest } = campaign;
  return rest;
}

/**
 * Any field but the four is refused by name before the schema reads the
 * rest, so a creator's client that sends `goal` learns it was not applied.
 */
function refuseOtherFields(values: unknown): void {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return;
  const other = Object.keys(values).find((field) => !(CREATOR_FIELDS as readonly string[]).includes(field));
  if (other === undefined) return;
  const message = `${other} cannot be changed through this link: only ${CREATOR_FIELDS.join(', ')}`;
  throw new DomainError('VALIDATION_FAILED', message, { fieldErrors: { [other]: message } });
}

export function campaignUpdatesService(deps: AppDeps, { posts, campaigns, links, siteProfile }: CampaignUpdatesNeeds) {
  const { db, rateLimits, logger } = deps;
  // The post service is shared by posts and resources: its answers here are posts.
  const findPost = async (id: number) => (await posts.findById(id)) as PostJson;

  /** The post and campaign a token opens, counted against the caller's address first, so guessing stays slow. */
  async function opened(token: string, caller: Caller): Promise<{ post: PostJson; campaign: CampaignJson; expiresAt: number }> {
    await enforceRateLimit(db, rateLimits.campaignUpdatePerIp, caller.clientIp);
    const found = await links.open(db, token);
    if (!found) throw notFound(LINK_NOT_FOUND);
    const post = await findPost(found.postId).catch(() => undefined);
    if (!post?.campaign) throw notFound(LINK_NOT_FOUND);
    return { post, campaign: publicCampaign(post.campaign), expiresAt: found.expiresAt };
  }

  return {
    /** `GET /api/campaign-update/{token}`: the campaign as it stands. */
    async read(token: string, caller: Caller): Promise<CampaignJson> {
      return (await opened(token, caller)).campaign;
    },

    /** The creator's page: the campaign, the post it belongs to, and until when the link works. */
    async page(token: string, caller: Caller): Promise<CampaignUpdatePageJson> {
      const { post, campaign, expiresAt } = await opened(token, caller);
      const settings = await siteProfile.current();
      return { project: post.title, post_url: siteLink(deps.config, `/${post.slug}`), campaign, time_zone: settings.time_zone, expires_at: expiresAt };
    },

    /**
     * `PUT /api/campaign-update/{token}`: any of pledged, backers, state and
     * ends_at, applied as the creator's facts; the campaign after it.
     */
    async update(token: string, values: unknown, caller: Caller): Promise<CampaignJson> {
      const { post } = await opened(token, caller);
      refuseOtherFields(values);
      const changes = validate(campaignCreatorUpdateSchema, values);
      await enforceRateLimit(db, rateLimits.campaignUpdatePerLink, `post:${post.id}`);
      const updated = await campaigns.applyFacts(post.id, changes, { source: 'creator', ipAddress: caller.clientIp });
      logger.info({ post: post.id, fields: Object.keys(changes) }, 'campaign facts updated by the creator');
      if (!updated.campaign) throw notFound(LINK_NOT_FOUND);
      await notifyOwner(deps, {
        kind: 'campaign_update_notification',
        subject: `Campaign updated by its creator: ${post.title.replace(/[\r\n]+/g, ' ')}`,
        text: [
          `The creator of "${post.title}" changed ${Object.keys(changes).join(', ')} through their update link.`,
          '',
          `See the post at ${siteLink(deps.config, `/admin/posts/${post.id}`)}`,
        ].join('\n'),
      });
      return publicCampaign(updated.campaign);
    },

    /**
     * Staff: the post as the back office answers it, its campaign with the creator's link in use (null when none),
     * or why this server cannot show it.
     */
    async staffView<T>(item: T): Promise<T> {
      const post = item as PostJson;
      if (!post.campaign) return item;
      const link = (await links.shown(db, [post.id])).get(post.id);
      return { ...post, campaign: { ...post.campaign, update_url: link?.url ?? null, update_url_problem: link?.problem ?? null } } as T;
    },

    /** Staff: a new link for the post's campaign; the old one stops working at once. */
    async reissue(postId: number): Promise<CreatorLinkJson> {
      const post = await findPost(postId);
      if (!post.campaign) throw new DomainError('INVALID_STATUS_TRANSITION', 'This post has no campaign: add one before making its update link');
      const link = await links.reissue(db, postId, post.campaign.ends_at);
      if (!link) throw new DomainError('INVALID_STATUS_TRANSITION', 'This post has no campaign: add one before making its update link');
      logger.info({ post: postId }, 'campaign update link issued');
      return link;
    },

    /** Staff: the link stops working; a new one can be issued later. */
    async revoke(postId: number): Promise<void> {
      const post = await findPost(postId);
      if (!post.campaign || !(await links.revoke(db, postId))) {
        throw new DomainError('INVALID_STATUS_TRANSITION', 'This post has no campaign, so it has no update link');
      }
      logger.info({ post: postId }, 'campaign update link revoked');
    },
  };
}

export type CampaignUpdatesService = ReturnType<typeof campaignUpdatesService>;
