/**
 * The back office's dashboard (SPEC.md section 2): its four counts
 * (submissions count when paid), the latest activity and, for those who
 * handle payments, the revenue of the last 12 weeks. Each part is what the
 * role reaches (common/staff-roles.ts) and no more.
 */
import { countContent, listRecentlySaved } from '../../db/queries/content.ts';
import { countContactMessagesByStatus, listContactMessages } from '../../db/queries/contact-messages.ts';
import { listRecentCompletedPayments, sumCompletedPaymentsByPeriod } from '../../db/queries/payments.ts';
import { countSponsoredSubmissionsByPaymentStatus } from '../../db/queries/sponsored-submissions.ts';
import { sponsoredQueueTab } from '../sponsors/sponsored-status.ts';
import { countSubscribersByStatus, listRecentSubscribers } from '../../db/queries/subscribers.ts';
import { nowSeconds } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { SiteProfileService } from './site-profile.ts';
import { paymentModeIn } from '../../payments/create-provider.ts';
import { launchChecklistService } from './launch-checklist.ts';
import type { DashboardActivityJson, DashboardJson, DashboardRevenueJson } from '../../../common/answers.ts';
import { weekBounds } from '../../../common/site-time.ts';
import { can, type StaffRole } from '../../../common/staff-roles.ts';

export const ACTIVITY_LENGTH = 10;
export const REVENUE_WEEKS = 12;

/**
 * The order of events of the same second. Their ids come from different
 * tables and say nothing of which came first, so each kind has a fixed place
 * and ids order events of one kind: the same data always gives the same list.
 */
const SAME_SECOND_ORDER: Record<DashboardActivityJson['kind'], number> = {
  sponsored_payment: 0,
  contact_message: 1,
  subscriber: 2,
  post: 3,
  resource: 4,
};

export function dashboardService({ db, config, payments }: AppDeps, siteProfile: Pick<SiteProfileService, 'current'>) {
  const checklist = launchChecklistService({ db, config, payments }, siteProfile);
  /** The counts `role` may see: an editor sees posts only (common/staff-roles.ts). */
  async function counts(role: StaffRole) {
    if (!can(role, 'inbox') || !can(role, 'newsletter')) return { posts: await countContent(db, 'posts') };
    const [posts, contactMessages, submissions, subscribers] = await Promise.all([
      countContent(db, 'posts'),
      countContactMessagesByStatus(db),
      countSponsoredSubmissionsByPaymentStatus(db),
      countSubscribersByStatus(db),
    ]);
    return {
      posts,
      contact_messages: contactMessages.new + contactMessages.read,
      // Paid ones only: an abandoned checkout is not a project submission.
      sponsored_submissions: submissions.completed,
      // Those an issue would reach; addresses still to be confirmed apart.
      subscribers: subscribers.active,
      subscribers_pending: subscribers.pending,
    };
  }

  async function activity(role: StaffRole): Promise<DashboardActivityJson[]> {
    const parts: Promise<DashboardActivityJson[]>[] = [];
    if (can(role, 'content')) {
      for (const [table, kind] of [
        ['posts', 'post'],
        ['resources', 'resource'],
      ] as const) {
        parts.push(
          listRecentlySaved(db, table, ACTIVITY_LENGTH).then((rows) =>
            rows.map((row) => ({ kind, id: row.id, label: row.title, created: row.created_at === row.updated_at, at: row.updated_at })),
          ),
        );
      }
    }
    if (can(role, 'inbox')) {
      parts.push(
        listContactMessages(db, { pageSize: ACTIVITY_LENGTH }).then((page) =>
          page.submissions.map((row) => ({
            kind: 'contact_message' as const,
            id: row.id,
            label: row.name,
            tab: row.status,
            at: row.created_at,
          })),
        ),
        listRecentCompletedPayments(db, ACTIVITY_LENGTH).then((rows) =>
          rows.map((row) => ({
            kind: 'sponsored_payment' as const,
            id: row.submission_id,
            label: row.project_name,
            tab: sponsoredQueueTab(row.submission_status, row.submission_payment_status),
            at: Number(row.completed_at),
          })),
        ),
      );
    }
    if (can(role, 'newsletter')) {
      parts.push(
        listRecentSubscribers(db, ACTIVITY_LENGTH).then((rows) =>
          rows.map((row) => ({ kind: 'subscriber' as const, id: row.id, label: row.email, at: row.subscribed_at })),
        ),
      );
    }
    const all = (await Promise.all(parts)).flat();
    return all
      .sort((a, b) => b.at - a.at || SAME_SECOND_ORDER[a.kind] - SAME_SECOND_ORDER[b.kind] || b.id - a.id)
      .slice(0, ACTIVITY_LENGTH);
  }

  /**
   * Weekly sums of completed payments, zero-filled. Only the payments of
   * the provider the site uses now count: while it runs the test checkout,
   * or has it turned off, those simulated ones (and it says so); once on
   * Stripe, real money only.
   */
  async function revenue(now: number): Promise<DashboardRevenueJson> {
    // Weeks of the site's time zone, as its staff live them: the bounds are found here, the same for every engine.
    const timeZone = (await siteProfile.current()).time_zone;
    const bounds = weekBounds(now, REVENUE_WEEKS, timeZone);
    const sums = await sumCompletedPaymentsByPeriod(db, {
      bounds,
      provider: payments.name,
      currency: config.SPONSORED_CURRENCY,
    });
    const byPeriod = new Map(sums.map((sum) => [sum.period, sum]));
    return {
      currency: config.SPONSORED_CURRENCY.toUpperCase(),
      payment_mode: paymentModeIn({ config, payments }),
      time_zone: timeZone,
      weeks: bounds.slice(0, REVENUE_WEEKS).map((start, index) => ({
        start,
        amount_cents: byPeriod.get(index)?.amount_cents ?? 0,
        payments: byPeriod.get(index)?.payments ?? 0,
      })),
    };
  }

  return {
    /** What `role` may see of the dashboard: an editor sees posts (and resources' activity) only. */
    async overview(role: StaffRole): Promise<DashboardJson> {
      const handlesMoney = can(role, 'inbox');
      const [numbers, recent, weekly, launch] = await Promise.all([
        counts(role),
        activity(role),
        handlesMoney ? revenue(nowSeconds()) : Promise.resolve(undefined),
        // The launch is the owner's to decide: nobody else sees the list.
        role === 'owner' ? checklist.open() : Promise.resolve(undefined),
      ]);
      return { ...numbers, activity: recent, ...(weekly ? { revenue: weekly } : {}), ...(launch ? { launch } : {}) };
    },
  };
}
