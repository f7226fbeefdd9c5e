/** The back office dashboard's four counts (SPEC.md section 2); submissions count when paid. */
import { countContent } from '../db/queries/content.ts';
import { countContactMessagesByStatus } from '../db/queries/contact-messages.ts';
import { countSponsoredSubmissionsByPaymentStatus } from '../db/queries/sponsored-submissions.ts';
import { countSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps } from '../deps.ts';
import { can, type StaffRole } from '../../common/staff-roles.ts';

export function dashboardService({ db }: AppDeps) {
  return {
    /** The counts `role` may see: an editor sees posts only (common/staff-roles.ts). */
    async counts(role: StaffRole) {
      if (!can(role, 'inbox') || !can(role, 'newsletter')) return { posts: await countContent(db, 'posts') };
      const [posts, contactMessages, submissions, subscribers] = await Promise.all([
        countContent(db, 'posts'),
        countContactMessagesByStatus(db),
        countSponsoredSubmissionsByPaymentStatus(db),
        countSubscribers(db),
      ]);
      return {
        posts,
        contact_messages: contactMessages.new + contactMessages.read,
        // Paid ones only: an abandoned checkout is not a project submission.
        sponsored_submissions: submissions.completed,
        subscribers,
      };
    },
  };
}
