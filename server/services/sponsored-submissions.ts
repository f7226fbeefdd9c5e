/**
 * Sponsored submissions: a request without checkout (POST
 * /api/submissions/sponsored), a request with checkout (the sponsored form
 * and POST /api/payments/create-checkout), and the back office's review.
 */
import { z } from 'zod';
import type {
  PostJson,
  SponsoredSubmissionJson,
  SponsoredSubmissionStatus,
  SubmissionProgressJson,
} from '../../common/answers.ts';
import { DomainError, notFound } from '../../common/errors.ts';
import { listSearchSchema } from '../../common/schemas/search.ts';
import { slugify } from '../../common/schemas/slug.ts';
import { isUniqueViolation } from '../db/database.ts';
import { findIssuesCarryingPost } from '../db/queries/newsletters.ts';
import { findPostOfSubmission, findPostsOfSubmissions, insertPost } from '../db/queries/posts.ts';
import { isSlugTaken } from '../db/queries/slugs.ts';
import type { Db } from '../db/schema.ts';
import { isHoneypotFilled } from '../../common/honeypot.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import {
  sponsoredSubmissionSchema,
  sponsoredSubmissionStatusSchema,
} from '../../common/schemas/sponsored-submission.ts';
import { validate } from '../../common/validate.ts';
import type { PageRequest } from '../db/paging.ts';
import {
  countSponsoredSubmissions,
  findSponsoredSubmissionById,
  insertSponsoredSubmission,
  listSponsoredSubmissions,
  SPONSORED_TRANSITIONS,
  updateSponsoredSubmissionStatus,
} from '../db/queries/sponsored-submissions.ts';
import type { AppDeps } from '../deps.ts';
import { startCheckout, type StartedCheckout } from '../payments/service.ts';
import type { Caller } from './caller.ts';
import { enforceRateLimit } from './rate-limits.ts';
import { changeStatus, type StatusChangeRules } from './status-change.ts';

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
  // Only a paid submission is worth a review; an abandoned checkout is not.
  refusal: (current, status) =>
    status === 'approved' && current.payment_status !== 'completed'
      ? 'This submission is not paid: only paid submissions can be approved'
      : undefined,
};

/** Where a checkout goes: the provider's page, or (a dropped bot submission) back to the offer. */
export type CheckoutStart = { kind: 'checkout'; checkout: StartedCheckout } | { kind: 'dropped'; landingUrl: string };

/** A submission with where its article stands. */
export type SponsoredSubmissionWithProgress = SponsoredSubmissionJson & SubmissionProgressJson;

/** The first free address for a post about `projectName`. */
async function freeSlugFor(db: Db, projectName: string): Promise<string> {
  const base = slugify(projectName).slice(0, 150).replace(/-+$/, '') || 'sponsored-post';
  for (let index = 1; index < 100; index += 1) {
    const candidate = index === 1 ? base : `${base}-${index}`;
    if (!(await isSlugTaken(db, candidate))) return candidate;
  }
  return `${base}-${Date.now()}`;
}

export function sponsoredSubmissionsService(deps: AppDeps) {
  const { db, logger, rateLimits } = deps;

  async function withProgress(submissions: SponsoredSubmissionJson[]): Promise<SponsoredSubmissionWithProgress[]> {
    const posts = await findPostsOfSubmissions(
      db,
      submissions.map((submission) => submission.id),
    );
    return Promise.all(
      submissions.map(async (submission) => {
        const post = posts.get(submission.id) ?? null;
        const issues = post ? await findIssuesCarryingPost(db, post.id) : [];
        return {
          ...submission,
          post,
          newsletter_issues: issues.map(({ slug, subject, sent_at }) => ({ slug, subject, sent_at })),
        };
      }),
    );
  }

  return {
    /** Stores a request without payment; its id, or null when a filled honeypot dropped it. */
    async submit(values: unknown, caller: Caller): Promise<{ id: number | null; status: 'new' }> {
      const input = validate(sponsoredSubmissionSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('sponsored submission: honeypot filled, submission dropped');
        return { id: null, status: 'new' };
      }
      await enforceRateLimit(db, rateLimits.sponsoredPerIp, caller.clientIp);
      const submission = await insertSponsoredSubmission(db, input);
      return { id: submission.id, status: 'new' };
    },

    /**
     * Stores the submission with a pending payment and opens the provider's
     * checkout, whose address the visitor is sent to; the provider sends
     * the visitor back to the site's configured address.
     */
    async startCheckout(values: unknown, caller: Caller): Promise<CheckoutStart> {
      const siteUrl = deps.config.PUBLIC_URL;
      const input = validate(sponsoredSubmissionSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('sponsored checkout: honeypot filled, submission dropped');
        return { kind: 'dropped', landingUrl: `${siteUrl}${SPONSORED_PATH}` };
      }
      await enforceRateLimit(db, rateLimits.checkoutPerIp, caller.clientIp);
      return { kind: 'checkout', checkout: await startCheckout(deps, input, siteUrl) };
    },

    async list(filter: z.output<typeof sponsoredListFilterSchema> & PageRequest) {
      const [page, counts] = await Promise.all([
        listSponsoredSubmissions(db, filter),
        countSponsoredSubmissions(db),
      ]);
      return { ...page, submissions: await withProgress(page.submissions), counts };
    },

    async find(id: number): Promise<SponsoredSubmissionWithProgress | undefined> {
      const submission = await findSponsoredSubmissionById(db, id);
      return submission && (await withProgress([submission]))[0];
    },

    /**
     * The draft post of an approved, paid submission: made the first time
     * (title, campaign link and description from the submission, labelled
     * Sponsored; the sponsor's contact stays on the submission), the same
     * one every time after.
     */
    async createDraft(id: number): Promise<{ post: PostJson; created: boolean }> {
      const submission = await findSponsoredSubmissionById(db, id);
      if (!submission) throw notFound('Submission not found');
      const existing = await findPostOfSubmission(db, id);
      if (existing) return { post: existing, created: false };
      if (submission.status !== 'approved' || submission.payment_status !== 'completed') {
        throw new DomainError(
          'INVALID_STATUS_TRANSITION',
          submission.payment_status !== 'completed'
            ? 'This submission is not paid: only paid submissions become posts'
            : 'Approve this submission first: only approved submissions become posts',
        );
      }
      try {
        const post = await db.transaction().execute(async (trx) =>
          insertPost(trx, {
            title: submission.project_name,
            slug: await freeSlugFor(trx, submission.project_name),
            excerpt: null,
            content: submission.description?.trim() || `Our review of ${submission.project_name}.`,
            cover_image: null,
            read_time: null,
            campaign_url: submission.project_url,
            sponsored: true,
            sponsored_submission_id: submission.id,
            status: 'draft',
            published_at: null,
            category_ids: [],
          }),
        );
        logger.info({ submission: id, post: post.id }, 'sponsored submission: draft post created');
        return { post, created: true };
      } catch (error) {
        // Made by a request at the same moment: that one is the draft.
        const made = isUniqueViolation(error) ? await findPostOfSubmission(db, id) : undefined;
        if (made) return { post: made, created: false };
        throw error;
      }
    },

    async changeStatus(id: number, values: unknown): Promise<SponsoredSubmissionWithProgress> {
      const changed = await changeStatus(db, STATUS_RULES, id, validate(sponsoredSubmissionStatusSchema, values));
      return (await withProgress([changed]))[0] as SponsoredSubmissionWithProgress;
    },
  };
}
