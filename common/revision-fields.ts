/**
 * The editable fields of a post or resource, as a revision keeps them: the
 * server takes them before each save, the editor to compare a revision
 * with the stored item. One definition, so both sides compare the same.
 */
import type { RevisionFields, PostJson, ResourceJson } from './answers.ts';

const sharedRevisionFields = (item: PostJson | ResourceJson): RevisionFields => ({
  title: item.title,
  slug: item.slug,
  excerpt: item.excerpt,
  content: item.content,
  cover_image: item.cover_image,
  read_time: item.read_time,
  status: item.status,
  published_at: item.published_at,
});

export const postRevisionFields = (post: PostJson): RevisionFields => ({
  ...sharedRevisionFields(post),
  campaign_url: post.campaign_url,
  campaign: post.campaign && {
    platform: post.campaign.platform,
    currency: post.campaign.currency,
    goal: post.campaign.goal,
    pledged: post.campaign.pledged,
    backers: post.campaign.backers,
    launched_at: post.campaign.launched_at,
    ends_at: post.campaign.ends_at,
    state: post.campaign.state,
  },
  sponsored: post.sponsored,
  review: post.review,
  category_ids: post.category_ids,
});

export const resourceRevisionFields = (resource: ResourceJson): RevisionFields => ({
  ...sharedRevisionFields(resource),
  category_id: resource.category_id,
});
