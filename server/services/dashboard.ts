/** The back office dashboard's four counts (SPEC.md section 2). */
import { countContent } from '../db/queries/content.ts';
import { countContactMessagesByStatus } from '../db/queries/contact-messages.ts';
import { countSponsoredSubmissionsByStatus } from '../db/queries/sponsored-submissions.ts';
import { countSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps } from '../deps.ts';

export function dashboardService({ db }: AppDeps) {
  return {
    async counts() {
      const [posts, contactMessages, submissions, subscribers] = await Promise.all([
        countContent(db, 'posts'),
        countContactMessagesByStatus(db),
        countSponsoredSubmissionsByStatus(db),
        countSubscribers(db),
      ]);
      return {
        posts,
        contact_messages: contactMessages.new + contactMessages.read,
        sponsored_submissions: submissions.new + submissions.approved + submissions.rejected,
        subscribers,
      };
    },
  };
}
