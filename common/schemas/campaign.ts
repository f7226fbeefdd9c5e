import { z } from 'zod';
import { CAMPAIGN_FILTERS, CAMPAIGN_PLATFORMS, CAMPAIGN_STATES, DELIVERY_ESTIMATE_PATTERN, isCurrencyCode } from '../campaign.ts';
import { canonicalVideoUrl, parseVideoUrl, VIDEO_URL_MESSAGE } from '../campaign-video.ts';
import { REF_TAG_MAX_LENGTH, REF_TAG_PATTERN } from '../outbound.ts';
import { isOneLine, oneLineMessage, optionalText, optionalUrl } from './fields.ts';

// The largest amount a column holds on both engines (PostgreSQL bigint is
// wider, but JavaScript numbers are exact only up to 2^53).
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
const MAX_SECONDS = 32503680000;

/** A count of minor units or of people: a whole number, zero or more. */
export function wholeCount(label: string) {
  const message = `${label} must be a whole number, zero or more`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_AMOUNT, message);
}

export function unixSeconds(label: string) {
  const message = `${label} must be a Unix time in seconds`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_SECONDS, message);
}

/** Missing or null is "not known". */
function unknownAsNull<T extends z.ZodNumber>(field: T) {
  return field.nullish().transform((value) => value ?? null);
}

export const campaignPlatformField = z.enum(CAMPAIGN_PLATFORMS, {
  error: `Platform must be one of ${CAMPAIGN_PLATFORMS.join(', ')}`,
});

export const campaignStateField = z.enum(CAMPAIGN_STATES, {
  error: `State must be one of ${CAMPAIGN_STATES.join(', ')}`,
});

export const currencyField = z
  .string({ error: 'Currency must be an ISO 4217 code such as USD' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCurrencyCode, 'Currency must be an ISO 4217 code such as USD');

export const goalField = wholeCount('Goal');
export const pledgedField = wholeCount('Pledged');
export const backersField = wholeCount('Backers');
export const launchedAtField = unixSeconds('Launched at');
export const endsAtField = unixSeconds('Ends at');

/** The creator's referral tag: empty is none. */
export const refTagField = optionalText('Referral tag', REF_TAG_MAX_LENGTH).refine(
  (value) => value === null || REF_TAG_PATTERN.test(value),
  'Referral tag may hold only letters, digits and . _ ~ -',
);

/** One line of text of at most `maxLength` characters; empty is none. */
function optionalLine(label: string, maxLength: number) {
  return optionalText(label, maxLength).refine(isOneLine, oneLineMessage(label));
}

export const CREATOR_NAME_MAX_LENGTH = 120;
export const LOCATION_MAX_LENGTH = 120;

export const creatorNameField = optionalLine('Creator name', CREATOR_NAME_MAX_LENGTH);
export const locationField = optionalLine('Location', LOCATION_MAX_LENGTH);
export const rewardFromField = unknownAsNull(wholeCount('Reward from'));

export const DELIVERY_ESTIMATE_MESSAGE = 'Delivery estimate must be a month written YYYY-MM, such as 2027-03';
/** The month the rewards are expected to ship, `YYYY-MM`; empty is none. */
export const deliveryEstimateField = optionalText('Delivery estimate', 32).refine(
  (value) => value === null || DELIVERY_ESTIMATE_PATTERN.test(value),
  DELIVERY_ESTIMATE_MESSAGE,
);

/** A YouTube or Vimeo video, stored in one canonical form; empty is none. */
export const videoUrlField = optionalText('Video URL', 2048).transform((value, context) => {
  if (value === null) return null;
  const video = parseVideoUrl(value);
  if (video === null) {
    context.addIssue({ code: 'custom', message: VIDEO_URL_MESSAGE });
    return z.NEVER;
  }
  return canonicalVideoUrl(video);
});

const END_BEFORE_LAUNCH = 'Ends at must not be before the launch';

/**
 * The campaign the editor saves with a post (`campaign` in the post
 * payload). `url` is the post's `campaign_url`; who gave the facts and when
 * is the server's to record.
 */
export const campaignInputSchema = z
  .object({
    platform: campaignPlatformField,
    url: optionalUrl('Campaign URL').optional(),
    currency: currencyField.default('USD'),
    goal: unknownAsNull(goalField),
    pledged: unknownAsNull(pledgedField),
    backers: unknownAsNull(backersField),
    launched_at: unknownAsNull(launchedAtField),
    ends_at: unknownAsNull(endsAtField),
    state: campaignStateField.default('live'),
    ref_tag: refTagField,
    // The basics: who, where, from how much, when it ships, and a video. Left out is none.
    creator_name: creatorNameField,
    location: locationField,
    reward_from: rewardFromField,
    delivery_estimate: deliveryEstimateField,
    video_url: videoUrlField,
  })
  .strict()
  .refine((campaign) => campaign.ends_at === null || campaign.launched_at === null || campaign.ends_at >= campaign.launched_at, {
    message: END_BEFORE_LAUNCH,
    path: ['ends_at'],
  });

export type CampaignInput = z.infer<typeof campaignInputSchema>;

/**
 * What the creator may change through their private link, and nothing
 * else: any other field is refused.
 */
export const campaignCreatorUpdateSchema = z
  .object({
    pledged: pledgedField.optional(),
    backers: backersField.optional(),
    state: campaignStateField.optional(),
    ends_at: endsAtField.optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'Give at least one of pledged, backers, state or ends_at' });

export type CampaignCreatorUpdate = z.infer<typeof campaignCreatorUpdateSchema>;

export const campaignFilterField = z.enum(CAMPAIGN_FILTERS, {
  error: `Campaign must be one of ${CAMPAIGN_FILTERS.join(', ')}`,
});
