/**
 * Sponsored submissions: a request without checkout (POST
 * /api/submissions/sponsored), a request with checkout (the sponsored form
 * and POST /api/payments/create-checkout), and the back office's review.
 */
import { z } from 'zod';
import {
  PREVIEW_PROMISED,
  type PostJson,
  type SponsoredSubmissionDetailsJson,
  type SponsoredSubmissionJson,
  type SponsoredSubmissionStatus,
  type SponsorPreviewJson,
  type SubmissionProgressJson,
} from '../../../common/answers.ts';
import { platformOfUrl } from '../../../common/campaign.ts';
import { estimateReadTime } from '../../../common/read-time.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { isLive } from '../../../common/publication.ts';
import { listSearchSchema } from '../../../common/schemas/search.ts';
import { slugify } from '../../../common/schemas/slug.ts';
import { siteLink, siteOrigin } from '../../config.ts';
import { findIssuesCarryingPosts } from '../../db/queries/newsletters.ts';
import { findPostOfSubmission, findPostsOfSubmissions } from '../../db/queries/posts.ts';
import { findApproverOf, insertSponsorEvent, listSponsorEvents } from '../../db/queries/sponsored-submission-events.ts';
import { listSlugsFrom } from '../../db/queries/slugs.ts';
import { sponsorApprovedMail, sponsorPreviewMail } from '../../mail/sponsor-mails.ts';
import type { PreviewLinksService } from '../content/preview-links.ts';
import type { SponsorReportsService } from './sponsor-reports.ts';
import type { SponsorMailsService } from './sponsor-mails.ts';
import { isHoneypotFilled } from '../../../common/honeypot.ts';
import { SPONSORED_PATH } from '../../../common/site.ts';
import {
  sponsoredSubmissionSchema,
  sponsoredSubmissionStatusSchema,
} from '../../../common/schemas/sponsored-submission.ts';
import { validate } from '../../../common/validate.ts';
import type { PageRequest } from '../../db/paging.ts';
import {
  countSponsoredSubmissionsByStanding,
  findSponsoredSubmissionById,
  insertSponsoredSubmission,
  listSponsoredSubmissions,
  updateSponsoredSubmissionStatus,
} from '../../db/queries/sponsored-submissions.ts';
import type { AppDeps } from '../../deps.ts';
import { startCheckout, type StartedCheckout } from './payments.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import { changeStatus, type StatusChangeRules } from '../status-change.ts';
import { draftRefusal, SPONSORED_TRANSITIONS, sponsoredCountsOf, statusChangeRefusal } from './sponsored-status.ts';

export const sponsoredListFilterSchema = z.object({
  status: z.enum(['new', 'approved', 'rejected'], { error: 'status must be new, approved or rejected' }).optional(),
  /** paid: the payment is completed; unpaid: anything else (none, pending, failed, expired, refunded). */
  payment: z.enum(['paid', 'unpaid'], { error: 'payment must be paid or unpaid' }).optional(),
  ...listSearchSchema.shape,
});

const STATUS_RULES: StatusChangeRules<SponsoredSubmissionStatus, SponsoredSubmissionJson> = {
  what: 'submission',
  notFoundMessage: 'Submission not found',
  find: findSponsoredSubmissionById,
  update: updateSponsoredSubmissionStatus,
  transitions: SPONSORED_TRANSITIONS,
  alreadyMessage: (status) => `This submission is already ${status}`,
  refusal: statusChangeRefusal,
};

/** Where a checkout goes: the provider's page, or (a dropped bot submission) back to the offer. */
export type CheckoutStart = { kind: 'checkout'; checkout: StartedCheckout } | { kind: 'dropped'; landingUrl: string };

/** A submission with where its article stands. */
export type SponsoredSubmissionWithProgress = SponsoredSubmissionJson & SubmissionProgressJson;

/** The first free address for a post about `projectName`: its slug, else the slug with the first free number. */
function freeSlugAmong(taken: Set<string>, base: string): string {
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) if (!taken.has(`${base}-${index}`)) return `${base}-${index}`;
}

/**
 * The campaign a draft starts with, from what the sponsor said of it: its
 * platform from the project's address, goal, currency and end, running
 * (the editor corrects the rest). None when they said nothing of it.
 */
function draftCampaignOf(submission: SponsoredSubmissionJson): { campaign?: Record<string, unknown> } {
  const { campaign_goal: goal, campaign_currency: currency, campaign_ends_at: endsAt } = submission;
  if (goal === null && currency === null && endsAt === null) return {};
  return {
    campaign: {
      platform: platformOfUrl(submission.project_url),
      ...(currency === null ? {} : { currency }),
      goal,
      ends_at: endsAt,
      state: 'live',
    },
  };
}

/** What the review needs of the other services: posts are made by the post service, links by the preview links'. */
export interface SponsoredSubmissionsNeeds {
  posts: { create(values: unknown, link: { sponsored_submission_id: number }): Promise<PostJson> };
  previewLinks: Pick<PreviewLinksService, 'create'>;
  sponsorMails: Pick<SponsorMailsService, 'mailSite' | 'mailSponsor'>;
  reports: Pick<SponsorReportsService, 'shown' | 'issue' | 'revoke'>;
}

export function sponsoredSubmissionsService(deps: AppDeps, { posts, previewLinks, sponsorMails, reports }: SponsoredSubmissionsNeeds) {
  const { db, logger, rateLimits } = deps;

  /** Each submission with its post and the sent issues that carried it: two queries for the whole list. */
  async function withArticleProgress(submissions: SponsoredSubmissionJson[]): Promise<SponsoredSubmissionWithProgress[]> {
    const posts = await findPostsOfSubmissions(
      db,
      submissions.map((submission) => submission.id),
    );
    const issues = await findIssuesCarryingPosts(
      db,
      [...posts.values()].map((post) => post.id),
    );
    return submissions.map((submission) => {
      const post = posts.get(submission.id) ?? null;
      const carrying = post ? (issues.get(post.id) ?? []) : [];
      return {
        ...submission,
        post,
        newsletter_issues: carrying.map(({ slug, subject, sent_at }) => ({ slug, subject, sent_at })),
      };
    });
  }

  return {
    /**
     * Stores a request without payment. The answer carries no id: a
     * sequential one would tell anyone how many requests the site gets, and
     * a dropped one (a filled honeypot) answers the same (decision 088).
     */
    async submit(values: unknown, caller: Caller): Promise<{ status: 'new' }> {
      const input = validate(sponsoredSubmissionSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('sponsored submission: honeypot filled, submission dropped');
        return { status: 'new' };
      }
      await enforceRateLimit(db, rateLimits.sponsoredPerIp, caller.clientIp);
      await insertSponsoredSubmission(db, input);
      return { status: 'new' };
    },

    /**
     * Stores the submission with a pending payment and opens the provider's
     * checkout, whose address the visitor is sent to; the provider sends
     * the visitor back to the site's configured address.
     */
    async startCheckout(values: unknown, caller: Caller): Promise<CheckoutStart> {
      const siteUrl = siteOrigin(deps.config);
      const input = validate(sponsoredSubmissionSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('sponsored checkout: honeypot filled, submission dropped');
        return { kind: 'dropped', landingUrl: siteLink(deps.config, SPONSORED_PATH) };
      }
      await enforceRateLimit(db, rateLimits.checkoutPerIp, caller.clientIp);
      return { kind: 'checkout', checkout: await startCheckout(deps, input, siteUrl) };
    },

    async list(filter: z.output<typeof sponsoredListFilterSchema> & PageRequest) {
      const [page, counts] = await Promise.all([
        listSponsoredSubmissions(db, filter),
        countSponsoredSubmissionsByStanding(db),
      ]);
      return { ...page, submissions: await withArticleProgress(page.submissions), counts: sponsoredCountsOf(counts) };
    },

    /** One submission with its article's progress and its timeline (the details panel). */
    async find(id: number): Promise<SponsoredSubmissionDetailsJson | undefined> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) return undefined;
      const [withPost, timeline, report] = await Promise.all([withArticleProgress([submission]), listSponsorEvents(db, id), reports.shown(db, id)]);
      const progress = withPost[0] as SponsoredSubmissionWithProgress;
      // A report needs a post: no link shows before there is one.
      return { ...progress, timeline, report_url: progress.post ? report.url : null, report_url_problem: progress.post ? report.problem : null };
    },

    /** Staff: a new report link (the old one stops working at once); the submission needs its post. */
    async reissueReportLink(id: number): Promise<{ report_url: string }> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) throw notFound('Submission not found');
      if (!(await findPostOfSubmission(db, id))) {
        throw new DomainError('INVALID_STATUS_TRANSITION', 'This submission has no post yet: draft it before making its report link');
      }
      const url = await reports.issue(db, id);
      if (!url) throw notFound('Submission not found');
      logger.info({ submission: id }, 'sponsor report link issued');
      return { report_url: url };
    },

    /** Staff: the report link stops working; a new one can be issued later. */
    async revokeReportLink(id: number): Promise<void> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) throw notFound('Submission not found');
      if (!(await reports.revoke(db, id))) throw new DomainError('INVALID_STATUS_TRANSITION', 'This submission has no report link to revoke');
      logger.info({ submission: id }, 'sponsor report link revoked');
    },

    /**
     * The draft post of an approved, paid submission: made the first time
     * (title, campaign link and description from the submission, labelled
     * Sponsored; the sponsor's contact stays on the submission), the same
     * one every time after.
     */
    async createDraft(id: number, staff?: Staff): Promise<{ post: PostJson; created: boolean }> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) throw notFound('Submission not found');
      const existing = await findPostOfSubmission(db, id);
      if (existing) return { post: existing, created: false };
      const refusal = draftRefusal(submission);
      if (refusal) throw new DomainError('INVALID_STATUS_TRANSITION', refusal);
      const base = slugify(submission.project_name).slice(0, 150).replace(/-+$/, '') || 'sponsored-post';
      const content = submission.description?.trim() || `Our review of ${submission.project_name}.`;
      const draft = {
        title: submission.project_name,
        excerpt: null,
        content,
        cover_image: null,
        // As the editor sets it for any post: a post without one shows no read time at all.
        read_time: estimateReadTime(content),
        campaign_url: submission.project_url,
        sponsored: true,
        status: 'draft',
        published_at: null,
        category_ids: [],
        ...draftCampaignOf(submission),
      };
      // Through the post service, as any post: its rendering is stored and the caches are told.
      // A slug taken meanwhile by another save is looked for again, a few times.
      const approver = await findApproverOf(db, id);
      for (let attempt = 0; ; attempt += 1) {
        const slug = freeSlugAmong(await listSlugsFrom(db, base), base);
        try {
          const post = await posts.create(
            { ...draft, slug },
            {
              sponsored_submission_id: submission.id,
              ...(staff ? { created_by: staff.userId } : {}),
              // The byline is the approver's: the one who said yes to the campaign reviews it.
              ...(approver === undefined ? {} : { default_author_id: approver }),
            },
          );
          await insertSponsorEvent(db, { submissionId: id, kind: 'draft_created', createdBy: staff?.userId ?? null, detail: String(post.id) });
          logger.info({ submission: id, post: post.id }, 'sponsored submission: draft post created');
          return { post, created: true };
        } catch (error) {
          // Made by a request at the same moment: that one is the draft.
          const made = await findPostOfSubmission(db, id);
          if (made) return { post: made, created: false };
          if (!(error instanceof DomainError && error.code === 'SLUG_TAKEN') || attempt >= 4) throw error;
        }
      }
    },

    /**
     * "Send a preview link": a preview link of the submission's post,
     * mailed to the sponsor and put on the timeline; the link comes back to
     * be copied (it cannot be read again later).
     */
    async sendPreview(id: number, staff: Staff): Promise<SponsorPreviewJson> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) throw notFound('Submission not found');
      const post = await findPostOfSubmission(db, id);
      if (!post) throw new DomainError('INVALID_STATUS_TRANSITION', 'Create the draft post first: there is nothing to preview yet');
      if (isLive(post)) throw new DomainError('INVALID_STATUS_TRANSITION', 'This post is live: the sponsor was sent its address');
      const link = await previewLinks.create('post', post.id, staff.userId);
      const url = link.url ?? '';
      const site = await sponsorMails.mailSite();
      const event = await sponsorMails.mailSponsor(submission, 'preview_mail', sponsorPreviewMail(submission, { url, expiresAt: link.expires_at }, site), {
        createdBy: staff.userId,
        detail: String(link.expires_at),
      });
      if (!event) throw new Error('the preview mail event was not recorded');
      const delivery = event.mail?.status === 'sent' ? 'sent' : event.mail?.status === 'stored' ? 'kept' : 'failed';
      return {
        url,
        expires_at: link.expires_at,
        event,
        mail: { delivery, outbox_id: event.mail?.outbox_id ?? null, ...(delivery === 'sent' ? {} : { link: url }) },
      };
    },

    /**
     * Approves or rejects, with the change on the timeline. An approval is
     * mailed to the sponsor once stored, promising a preview only when staff
     * said one will be sent; a mail that cannot be kept is logged and does
     * not undo the approval.
     */
    async changeStatus(id: number, values: unknown, staff?: Staff): Promise<SponsoredSubmissionWithProgress> {
      const change = validate(sponsoredSubmissionStatusSchema, values);
      const changed = await changeStatus(
        db,
        {
          ...STATUS_RULES,
          afterUpdate: (trx, updated) =>
            insertSponsorEvent(trx, { submissionId: updated.id, kind: updated.status === 'approved' ? 'approved' : 'rejected', createdBy: staff?.userId ?? null }).then(
              () => undefined,
            ),
        },
        id,
        change,
      );
      if (changed.status === 'approved') {
        try {
          const isPreviewPromised = change.preview_promised === true;
          await sponsorMails.mailSponsor(changed, 'approval_mail', sponsorApprovedMail(changed, await sponsorMails.mailSite(), { isPreviewPromised }), {
            createdBy: staff?.userId ?? null,
            // The editor reads it back when the post is published without a preview.
            ...(isPreviewPromised ? { detail: PREVIEW_PROMISED } : {}),
          });
        } catch (error) {
          logger.error({ err: error, submission: id }, 'sponsored submission: the approval mail could not be kept');
        }
      }
      return (await withArticleProgress([changed]))[0] as SponsoredSubmissionWithProgress;
    },
  };
}
