/**
 * What publishing a post drafted from a sponsored submission tells its
 * sponsor, for the editor to show before it happens (decision 082): whether
 * they saw a preview, and what the one mail on going live will carry.
 */
import { PREVIEW_PROMISED, type SponsoredSubmissionDetailsJson } from '../../common/answers.ts';
import type { ContentDraft } from './content-payload.ts';

/** The sponsor of a post, as its submission's timeline tells it; null when staff may not read the submission. */
export interface PostSponsor {
  contactName: string;
  contactEmail: string;
  hasPreview: boolean;
  /** The approval mail promised a preview before the post goes live. */
  isPreviewPromised: boolean;
  /** The sponsor was told the post is live: the mail on going live went out already. */
  isAnnounced: boolean;
  hasReportLink: boolean;
  hasCreatorLink: boolean;
}

export function postSponsorOf(submission: SponsoredSubmissionDetailsJson): PostSponsor {
  const has = (kind: SponsoredSubmissionDetailsJson['timeline'][number]['kind']) => submission.timeline.some((event) => event.kind === kind);
  return {
    contactName: submission.contact_name,
    contactEmail: submission.contact_email,
    hasPreview: has('preview_mail'),
    isPreviewPromised: submission.timeline.some((event) => event.kind === 'approval_mail' && event.detail === PREVIEW_PROMISED),
    isAnnounced: has('live_mail'),
    hasReportLink: has('report_link_mail'),
    hasCreatorLink: has('campaign_link_mail'),
  };
}

/**
 * Whether saving asks first: a post of a sponsored submission leaving its
 * draft for the site (now or on a date) while its sponsor has not yet been
 * told it is live. Later saves mail nothing, so they ask nothing.
 */
export function asksBeforePublishing(initial: Pick<ContentDraft, 'stage'>, draft: Pick<ContentDraft, 'stage' | 'fromSubmission'>, sponsor: PostSponsor | null): boolean {
  if (draft.fromSubmission === null || draft.stage === 'draft' || initial.stage !== 'draft') return false;
  return sponsor === null || !sponsor.isAnnounced;
}

/** The links the mail on going live carries, each as the dialog names it. */
export function linksMailedOnPublishing(draft: Pick<ContentDraft, 'campaign_url' | 'campaign'>, sponsor: PostSponsor | null): string[] {
  const hasCampaignUrl = draft.campaign_url.trim() !== '';
  return [
    ...(sponsor?.isAnnounced ? [] : ["the post's address, to share freely"]),
    ...(hasCampaignUrl && !sponsor?.isAnnounced ? ['a link straight to the campaign, its clicks counted in the report'] : []),
    ...(sponsor?.hasReportLink ? [] : ["the private link to the post's report: views, visitors and clicks to the campaign"]),
    ...(draft.campaign !== null && !sponsor?.hasCreatorLink ? ["the private link to keep the campaign's numbers up to date"] : []),
  ];
}
