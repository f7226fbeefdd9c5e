/**
 * Sponsored submissions: a request without checkout (POST
 * /api/submissions/sponsored), a request with checkout (the sponsored form
 * and POST /api/payments/create-checkout), and the back office's review.
 */
import { z } from 'zod';
import type { SponsoredSubmissionJson, SponsoredSubmissionStatus } from '../../common/answers.ts';
import { isHoneypotFilled } from '../../common/honeypot.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import {
  sponsoredSubmissionSchema,
  sponsoredSubmissionStatusSchema,
} from '../../common/schemas/sponsored-submission.ts';
import { validate } from '../../common/validate.ts';
import type { PageRequest } from '../db/paging.ts';
import {
  countSponsoredSubmissionsByStatus,
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
});

const STATUS_RULES: StatusChangeRules<SponsoredSubmissionStatus, SponsoredSubmissionJson> = {
  what: 'submission',
  notFoundMessage: 'Submission not found',
  find: findSponsoredSubmissionById,
  update: updateSponsoredSubmissionStatus,
  transitions: SPONSORED_TRANSITIONS,
  alreadyMessage: (status) => `This submission is already ${status}`,
};

/** Where a checkout goes: the provider's page, or (a dropped bot submission) back to the offer. */
export type CheckoutStart = { kind: 'checkout'; checkout: StartedCheckout } | { kind: 'dropped'; landingUrl: string };

export function sponsoredSubmissionsService(deps: AppDeps) {
  const { db, logger, rateLimits } = deps;
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
     * checkout, whose address the visitor is sent to. `siteUrl` is where the
     * provider sends the visitor back.
     */
    async startCheckout(values: unknown, caller: Caller, siteUrl: string): Promise<CheckoutStart> {
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
        countSponsoredSubmissionsByStatus(db),
      ]);
      return { ...page, counts };
    },

    find: (id: number): Promise<SponsoredSubmissionJson | undefined> => findSponsoredSubmissionById(db, id),

    changeStatus: (id: number, values: unknown): Promise<SponsoredSubmissionJson> =>
      changeStatus(db, STATUS_RULES, id, validate(sponsoredSubmissionStatusSchema, values)),
  };
}
