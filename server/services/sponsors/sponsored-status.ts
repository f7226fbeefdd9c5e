/**
 * The rules of a sponsored submission's status (SPEC.md section 4): which
 * status may follow which, what a change needs, when a submission becomes a
 * post, and which tab of the back office's queue shows it. The queries only
 * store and count what these rules decide.
 */
import type {
  PaymentStatus,
  SponsoredQueueTab,
  SponsoredSubmissionCounts,
  SponsoredSubmissionStatus,
} from '../../../common/answers.ts';

/** Which status may follow which. */
export const SPONSORED_TRANSITIONS: Record<SponsoredSubmissionStatus, readonly SponsoredSubmissionStatus[]> = {
  new: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/** What a submission's rules look at. */
export interface SponsoredStanding {
  status: SponsoredSubmissionStatus;
  payment_status: PaymentStatus | null;
}

/**
 * The refusal of a change the transitions allow, if any. Only a paid
 * submission is worth a review; an abandoned checkout is not.
 */
export function statusChangeRefusal(current: SponsoredStanding, status: SponsoredSubmissionStatus): string | undefined {
  return status === 'approved' && current.payment_status !== 'completed'
    ? 'This submission is not paid: only paid submissions can be approved'
    : undefined;
}

/** Why a submission cannot become a post yet, if it cannot: it must be paid and approved. */
export function draftRefusal(submission: SponsoredStanding): string | undefined {
  if (submission.payment_status !== 'completed') return 'This submission is not paid: only paid submissions become posts';
  if (submission.status !== 'approved') return 'Approve this submission first: only approved submissions become posts';
  return undefined;
}

/** The tab of the back office's queue a submission is in: a new one by whether it is paid. */
export function sponsoredQueueTab(status: SponsoredSubmissionStatus, paymentStatus: PaymentStatus | null): SponsoredQueueTab {
  if (status !== 'new') return status;
  return paymentStatus === 'completed' ? 'to_review' : 'unpaid';
}

/**
 * The count of each status, and of each tab of the back office's queue
 * (new and paid: to review; approved; rejected; new and unpaid), from the
 * number of submissions of each status and payment status.
 */
export function sponsoredCountsOf(
  groups: readonly (SponsoredStanding & { count: number })[],
): SponsoredSubmissionCounts {
  const counts: SponsoredSubmissionCounts = {
    new: 0,
    approved: 0,
    rejected: 0,
    queue: { to_review: 0, approved: 0, rejected: 0, unpaid: 0 },
  };
  for (const group of groups) {
    counts[group.status] += group.count;
    counts.queue[sponsoredQueueTab(group.status, group.payment_status)] += group.count;
  }
  return counts;
}
