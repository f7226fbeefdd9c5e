/**
 * The post and resource editors' form state and the payload it becomes
 * (SPEC.md sections 4, 5 and 7), typed against the shared schemas.
 */
import type { z } from 'zod';
import type { PublicationStatus } from '../../common/answers.ts';
import type { postInputSchema, postUpdateSchema } from '../../common/schemas/post.ts';
import type { resourceInputSchema, resourceUpdateSchema } from '../../common/schemas/resource.ts';
import { estimateReadTime } from '../../common/read-time.ts';
import { DELIVERY_ESTIMATE_PATTERN, type CampaignFacts, type CampaignPlatform, type CampaignState } from '../../common/campaign.ts';
import { parseVideoUrl, VIDEO_URL_MESSAGE } from '../../common/campaign-video.ts';
import { DELIVERY_ESTIMATE_MESSAGE } from '../../common/schemas/campaign.ts';
import { amountInputText, minorUnitsFromText } from '../../common/money.ts';
import type { ReviewJson, Verdict } from '../../common/review.ts';
import { reviewInputSchema } from '../../common/schemas/review.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Where the editor puts an item: a draft, scheduled (published with its time
 * ahead) or published (its time reached; now when it has none).
 */
export type PublicationStage = 'draft' | 'scheduled' | 'published';

/** The stored status of a stage: scheduled is published with a time ahead. */
export const statusOfStage = (stage: PublicationStage): PublicationStatus => (stage === 'draft' ? 'draft' : 'published');

/** The stage of a stored item at `now`. */
export const stageOf = (item: { status: PublicationStatus; published_at: number | null }, now: number = nowSeconds()): PublicationStage =>
  item.status === 'draft' ? 'draft' : item.published_at !== null && item.published_at > now ? 'scheduled' : 'published';

/** A post's campaign facts as the editor's form holds them: amounts as typed, in major units. */
export interface CampaignDraft {
  platform: CampaignPlatform;
  state: CampaignState;
  currency: string;
  goal: string;
  pledged: string;
  backers: string;
  /** Unix seconds, entered on the site's clocks. */
  launched_at: number | null;
  ends_at: number | null;
  /** The creator's referral tag, as typed; empty for none. */
  ref_tag: string;
  // The basics (decision 094), as typed; empty for not known.
  creator_name: string;
  location: string;
  /** The lowest pledge that gets the product, in major units like the goal. */
  reward_from: string;
  /** `YYYY-MM`, as a month input gives it. */
  delivery_estimate: string;
  video_url: string;
}

export const EMPTY_CAMPAIGN_DRAFT: CampaignDraft = {
  platform: 'kickstarter',
  state: 'live',
  currency: 'USD',
  goal: '',
  pledged: '',
  backers: '',
  launched_at: null,
  ends_at: null,
  ref_tag: '',
  creator_name: '',
  location: '',
  reward_from: '',
  delivery_estimate: '',
  video_url: '',
};

/** The form state of stored facts. */
export function campaignDraftOf(campaign: CampaignFacts | null): CampaignDraft | null {
  if (campaign === null) return null;
  const amount = (value: number | null) => (value === null ? '' : amountInputText(value, campaign.currency));
  return {
    platform: campaign.platform,
    state: campaign.state,
    currency: campaign.currency,
    goal: amount(campaign.goal),
    pledged: amount(campaign.pledged),
    backers: campaign.backers === null ? '' : String(campaign.backers),
    launched_at: campaign.launched_at,
    ends_at: campaign.ends_at,
    ref_tag: campaign.ref_tag ?? '',
    creator_name: campaign.creator_name ?? '',
    location: campaign.location ?? '',
    reward_from: amount(campaign.reward_from ?? null),
    delivery_estimate: campaign.delivery_estimate ?? '',
    video_url: campaign.video_url ?? '',
  };
}

/** A post's review as the editor's form holds it: an empty verdict is no review. */
export interface ReviewDraft {
  verdict: Verdict | '';
  take: string;
  for_whom: string;
  /** One risk a line. */
  risks: string;
  /** As typed; empty for no score. */
  score: string;
}

export const EMPTY_REVIEW_DRAFT: ReviewDraft = { verdict: '', take: '', for_whom: '', risks: '', score: '' };

/** The form state of a stored review. */
export function reviewDraftOf(review: ReviewJson | null): ReviewDraft {
  if (review === null) return { ...EMPTY_REVIEW_DRAFT };
  return {
    verdict: review.verdict,
    take: review.take,
    for_whom: review.for_whom,
    risks: review.risks.join('\n'),
    score: review.score === null ? '' : String(review.score),
  };
}

/** What the editor form holds, as typed. */
export interface ContentDraft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover_image: string | null;
  campaign_url: string;
  stage: PublicationStage;
  /** The author's read time; used only when `readTimeOverridden`. */
  read_time: string;
  /** Off: the read time saved is the one estimated from the content, and follows it. */
  readTimeOverridden: boolean;
  /** Posts: the ids of their categories, in menu order. */
  category_ids: string[];
  /** Posts: labelled Sponsored. */
  sponsored: boolean;
  /** Posts: on the home page's lead tile. */
  pinned: boolean;
  /** Posts: the campaign's facts; null when it has none. */
  campaign: CampaignDraft | null;
  /** Posts drafted from a sponsored submission: its id (the label then cannot be turned off). */
  fromSubmission: number | null;
  /** Posts: what the site thinks of the campaign; never sent for a sponsored post. */
  review: ReviewDraft;
  /**
   * Posts: the member of staff the byline names; null: none; undefined: not
   * chosen on a new post, which is then its creator's.
   */
  author_id?: number | null | undefined;
  /**
   * The publication time (Unix seconds): the schedule's, or the first
   * publication, kept while the item is a draft so that publishing it again
   * keeps its date (decision 050); null: none yet, so publishing is now.
   */
  publish_at: number | null;
}

export const EMPTY_DRAFT: ContentDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  cover_image: null,
  campaign_url: '',
  stage: 'draft',
  read_time: '',
  readTimeOverridden: false,
  category_ids: [],
  sponsored: false,
  pinned: false,
  campaign: null,
  fromSubmission: null,
  review: EMPTY_REVIEW_DRAFT,
  publish_at: null,
};

export type ContentKind = 'post' | 'resource';

type SharedPayload = {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  status: PublicationStatus;
  read_time: number | null;
};

type CampaignPayload = Omit<CampaignFacts, 'url' | 'facts_updated_at' | 'facts_source' | 'video_poster'>;
// A mapped copy: the form's JSON submit takes types, not interfaces.
type ReviewPayload = Pick<ReviewJson, keyof ReviewJson>;
type PostFields = SharedPayload & {
  campaign_url: string | null;
  campaign: CampaignPayload | null;
  review: ReviewPayload | null;
  category_ids: string[];
  sponsored: boolean;
  pinned: boolean;
  author_id?: number | null;
};
type NewPayload = { published_at: number | null };
type EditPayload = { version: number };
/** An edited post carries its publication time only when published. */
type PostEditPayload = EditPayload & { published_at?: number };

/** A new post carries its publication date, an edited one its version. */
export type PostPayload = (PostFields & NewPayload) | (PostFields & PostEditPayload);
export type ResourcePayload = (SharedPayload & NewPayload) | (SharedPayload & NewPayload & EditPayload);
export type ContentPayload = PostPayload | ResourcePayload;

// Checked by the compiler: every payload the editor makes is one its schema reads.
type Fits<Payload extends z.input<Schema>, Schema extends z.ZodType> = Payload;
type _PayloadsFit = [
  Fits<PostFields & NewPayload, typeof postInputSchema>,
  Fits<PostFields & PostEditPayload, typeof postUpdateSchema>,
  Fits<SharedPayload & NewPayload, typeof resourceInputSchema>,
  Fits<SharedPayload & NewPayload & EditPayload, typeof resourceUpdateSchema>,
];

/** SPEC.md section 5: read time is a whole number of minutes, or null (the author emptied the field). */
export function readTimeValue(text: string): number | null {
  if (text.trim() === '') return null;
  const minutes = Number(text);
  return Number.isFinite(minutes) ? Math.trunc(minutes) : null;
}


/**
 * What the schema cannot check of the stage and its time, as it knows no
 * "now": a schedule needs a time ahead, and Published a time already
 * reached (or none, for now).
 */
export function publicationProblem(draft: Pick<ContentDraft, 'stage' | 'publish_at'>, now: number = nowSeconds()): string | undefined {
  if (draft.stage === 'scheduled' && (draft.publish_at === null || draft.publish_at <= now)) {
    return 'Choose a publication time ahead to schedule';
  }
  if (draft.stage === 'published' && draft.publish_at !== null && draft.publish_at > now) {
    return 'This time is ahead: choose Scheduled to publish then, or clear it to publish now';
  }
  return undefined;
}

const AMOUNT_FIELDS = [
  ['goal', 'Goal'],
  ['pledged', 'Pledged'],
  ['reward_from', 'Reward from'],
] as const;

/**
 * What the schema cannot check of typed amounts: they are read in the
 * campaign's currency's major units, so "12.345" dollars is refused here,
 * by field (`campaign.goal`), before the payload is made.
 */
export function campaignProblems(campaign: CampaignDraft | null): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  if (campaign === null) return problems;
  for (const [field, label] of AMOUNT_FIELDS) {
    if (minorUnitsFromText(campaign[field], campaign.currency) === undefined) {
      problems[`campaign.${field}`] = `${label} must be an amount in ${campaign.currency.toUpperCase()}, such as 20000 or 20000.50`;
    }
  }
  if (campaign.backers.trim() !== '' && !/^\d+$/.test(campaign.backers.trim())) {
    problems['campaign.backers'] = 'Backers must be a whole number, zero or more';
  }
  // The schema says these of the campaign as a whole; the form says them by field.
  const delivery = campaign.delivery_estimate.trim();
  if (delivery !== '' && !DELIVERY_ESTIMATE_PATTERN.test(delivery)) problems['campaign.delivery_estimate'] = DELIVERY_ESTIMATE_MESSAGE;
  const video = campaign.video_url.trim();
  if (video !== '' && parseVideoUrl(video) === null) problems['campaign.video_url'] = VIDEO_URL_MESSAGE;
  return problems;
}

/** The payload's campaign; amounts `campaignProblems` refuses become null (that payload is never sent). */
function campaignPayload(campaign: CampaignDraft | null): CampaignPayload | null {
  if (campaign === null) return null;
  const amount = (text: string) => minorUnitsFromText(text, campaign.currency) ?? null;
  return {
    platform: campaign.platform,
    state: campaign.state,
    currency: campaign.currency.trim().toUpperCase(),
    goal: amount(campaign.goal),
    pledged: amount(campaign.pledged),
    backers: campaign.backers.trim() === '' ? null : Number(campaign.backers.trim()),
    launched_at: campaign.launched_at,
    ends_at: campaign.ends_at,
    ref_tag: campaign.ref_tag.trim() === '' ? null : campaign.ref_tag.trim(),
    creator_name: campaign.creator_name.trim() || null,
    location: campaign.location.trim() || null,
    reward_from: amount(campaign.reward_from),
    delivery_estimate: campaign.delivery_estimate.trim() || null,
    video_url: campaign.video_url.trim() || null,
  };
}

/** Whether the draft is a sponsored post, which carries no review (decision 093): the editor hides its panel. */
export const isSponsoredDraft = (draft: Pick<ContentDraft, 'sponsored' | 'fromSubmission'>): boolean =>
  draft.sponsored || draft.fromSubmission !== null;

const hasReviewText = (review: ReviewDraft) =>
  [review.take, review.for_whom, review.risks, review.score].some((text) => text.trim() !== '');

/**
 * The payload's review: none for a sponsored post or without a verdict
 * (`reviewProblems` refuses a verdict left out of a review otherwise
 * written); risks one a line, blank lines left out.
 */
export function reviewPayload(draft: Pick<ContentDraft, 'sponsored' | 'fromSubmission' | 'review'>): ReviewPayload | null {
  const { review } = draft;
  if (isSponsoredDraft(draft) || review.verdict === '') return null;
  return {
    verdict: review.verdict,
    take: review.take,
    for_whom: review.for_whom,
    risks: review.risks
      .split('\n')
      .map((risk) => risk.trim())
      .filter((risk) => risk !== ''),
    score: review.score.trim() === '' ? null : Number(review.score.trim()),
  };
}

/**
 * The review's problems by field (`review.take`), so each shows beside its
 * control: the shared schema's, and a review written without a verdict.
 */
export function reviewProblems(draft: Pick<ContentDraft, 'sponsored' | 'fromSubmission' | 'review'>): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  if (isSponsoredDraft(draft)) return problems;
  if (draft.review.verdict === '') {
    if (hasReviewText(draft.review)) problems['review.verdict'] = 'Choose a verdict, or empty the review to save none';
    return problems;
  }
  const result = reviewInputSchema.safeParse(reviewPayload(draft));
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = `review.${String(issue.path[0] ?? 'verdict')}`;
    problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * The payload of SPEC.md section 7, with scheduling. A published item
 * carries its publication time: the schedule's, the first publication kept
 * (or changed) by the editor, or now when there is none. Posts:
 * published_at on creation, and on update only when published. Resources:
 * published_at or null. The version only on update. The read time is the
 * author's when overridden, else the estimate from the content.
 */
export function contentPayload(kind: ContentKind, draft: ContentDraft, version: number | null): ContentPayload {
  const shared: SharedPayload = {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt.trim() ? draft.excerpt : null,
    content: draft.content,
    cover_image: draft.cover_image || null,
    status: statusOfStage(draft.stage),
    read_time: draft.readTimeOverridden ? readTimeValue(draft.read_time) : estimateReadTime(draft.content),
  };
  const published_at = draft.stage === 'draft' ? null : (draft.publish_at ?? nowSeconds());
  if (kind === 'resource') return version === null ? { ...shared, published_at } : { ...shared, published_at, version };
  const post: PostFields = {
    ...shared,
    campaign_url: draft.campaign_url.trim() || null,
    campaign: campaignPayload(draft.campaign),
    category_ids: draft.category_ids,
    sponsored: draft.sponsored,
    pinned: draft.pinned,
    // Not chosen (a new post): the server names its creator.
    ...(draft.author_id === undefined ? {} : { author_id: draft.author_id }),
    review: reviewPayload(draft),
  };
  if (version === null) return { ...post, published_at };
  return published_at === null ? { ...post, version } : { ...post, published_at, version };
}
