import { Hono } from 'hono';
import { countContactMessagesByStatus } from '../db/queries/contact-messages.ts';
import { countPosts } from '../db/queries/posts.ts';
import { countSponsoredSubmissionsByStatus } from '../db/queries/sponsored-submissions.ts';
import { countSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** GET /admin/dashboard: the four counts of the back office's dashboard (SPEC.md section 2). */
export function adminDashboardApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const [posts, contactMessages, submissions, subscribers] = await Promise.all([
      countPosts(db),
      countContactMessagesByStatus(db),
      countSponsoredSubmissionsByStatus(db),
      countSubscribers(db),
    ]);
    return c.json({
      posts,
      contact_messages: contactMessages.new + contactMessages.read,
      sponsored_submissions: submissions.new + submissions.approved + submissions.rejected,
      subscribers,
    });
  });
  return app;
}
