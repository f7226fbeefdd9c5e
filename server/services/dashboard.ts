/** The back office dashboard's four counts (SPEC.md section 2); submissions count when paid. */
import { countContent } from '../db/queries/content.ts';
import { countContactMessagesByStatus } from '../db/queries/contact-messages.ts';
import { countSponsoredSubmissionsByPaymentStatus } from '../db/queries/sponsored-submissions.ts';
import { countSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps } from '../deps.ts';

export function dashboardService({ db }: AppDeps) {
  return {
    async counts() {
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
