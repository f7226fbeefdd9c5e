import { z } from 'zod';
import { campaignInputSchema } from './campaign.ts';
import { contentFields } from './content.ts';
import { reviewInputSchema } from './review.ts';
import { SPONSORED_REVIEW_REFUSED } from '../review.ts';
import { optionalUrl, publicationStatusField, unixSecondsField, versionField } from './fields.ts';

const CAMPAIGN_LINK_MISMATCH = 'Campaign URL and campaign_url are one link: give the same address, or only one of them';

const postFields = z.object({
  ...contentFields,
  campaign_url: optionalUrl('Campaign URL'),
  // Left out, a new post has none and an edited one keeps its campaign; null removes it.
  campaign: campaignInputSchema.nullable().optional(),
  // Left out, a new post is not sponsored and an edited one keeps its flag.
  sponsored: z.boolean({ error: 'Sponsored must be true or false' }).optional(),
  // Left out, a new post has none and an edited one keeps its review; null removes it.
  review: reviewInputSchema.nullable().optional(),
  // Left out, a new post is not pinned and an edited one keeps its pin.
  pinned: z.boolean({ error: 'Pinned must be true or false' }).optional(),
  // The member of staff its byline names. Left out, a new post's is its
  // creator's and an edited one keeps its own; null names none.
  author_id: z
    .number({ error: 'author_id must be the id of a member of staff' })
    .int('author_id must be the id of a member of staff')
    .min(1, 'author_id must be the id of a member of staff')
    .max(2_147_483_647, 'author_id must be the id of a member of staff')
    .nullable()
    .optional(),
  status: publicationStatusField,
  published_at: unixSecondsField.nullish().transform((value) => value ?? null),
  category_ids: z
    .array(z.string({ error: 'Category ids must be text' }).trim().min(1, 'Category ids must not be empty'), {
      error: 'Category ids must be a list',
    })
    .max(10, 'At most 10 categories')
    .nullish()
    .transform((value) => [...new Set(value ?? [])]),
});

/**
 * `campaign.url` and `campaign_url` are one stored value (SPEC.md's field
 * keeps working): either may carry it, both must then agree, and the
 * answer has it in both places.
 */
function oneCampaignLink<T extends { campaign_url: string | null; campaign?: { url?: string | null | undefined } | null | undefined }>(
  post: T,
  context: z.RefinementCtx,
): T {
  const url = post.campaign?.url;
  if (url === undefined) return post;
  if (post.campaign_url !== null && url !== null && post.campaign_url !== url) {
    context.addIssue({ code: 'custom', message: CAMPAIGN_LINK_MISMATCH, path: ['campaign', 'url'] });
    return post;
  }
  return { ...post, campaign_url: url ?? post.campaign_url };
}

/**
 * Reviews and payment never mix: a payload that makes its post sponsored
 * carries no review (the service also refuses one on a post whose stored
 * flag or paid submission makes it sponsored).
 */
function noReviewWhenSponsored(post: { sponsored?: boolean | undefined; review?: unknown }, context: z.RefinementCtx): void {
  if (post.sponsored === true && post.review !== undefined && post.review !== null) {
    context.addIssue({ code: 'custom', message: SPONSORED_REVIEW_REFUSED, path: ['review'] });
  }
}

/** The post editor's payload (SPEC.md sections 5 and 7). */
export const postInputSchema = postFields.superRefine(noReviewWhenSponsored).transform(oneCampaignLink);

export const postUpdateSchema = postFields.extend({ version: versionField }).superRefine(noReviewWhenSponsored).transform(oneCampaignLink);

export type PostInput = z.infer<typeof postInputSchema>;
export type PostUpdate = z.infer<typeof postUpdateSchema>;
