/**
 * Every domain service, built once per app from its dependencies. The API
 * handlers and the page loaders and actions reach the domain only through
 * these, so a rule added to a service holds on both paths.
 */
import type { AppDeps } from '../deps.ts';
import type { JobKind } from '../jobs/jobs.ts';
import type { MediaStorage } from '../storage/media.ts';
import { findPostOfSubmission } from '../db/queries/posts.ts';
import { accountService } from './staff/account.ts';
import { authorsService } from './content/authors.ts';
import { PublicPages } from '../analytics/public-pages.ts';
import { analyticsService } from './audience/analytics.ts';
import { analyticsReportsService } from './audience/analytics-reports.ts';
import { auditLogService } from './site/audit-log.ts';
import { campaignUpdatesService } from './campaigns/campaign-updates.ts';
import { authService } from './staff/auth.ts';
import { campaignRefreshService } from './campaigns/campaign-refresh.ts';
import { campaignsService } from './campaigns/campaigns.ts';
import { cdnService } from './site/cdn.ts';
import { categoriesService } from './content/categories.ts';
import { clickCountingService } from './audience/click-counting.ts';
import { contactMessagesService } from './site/contact-messages.ts';
import { contentService, POST_KIND, RESOURCE_KIND } from './content/content.ts';
import { dashboardService } from './site/dashboard.ts';
import { demoContentService } from './site/demo-content.ts';
import { markdownService } from './content/markdown-renderings.ts';
import { mediaService } from './site/media.ts';
import { creatorLinks } from '../private-links/links.ts';
import { newslettersService } from './newsletter/newsletters.ts';
import { outboxService } from './site/outbox.ts';
import { paymentsService } from './sponsors/payments.ts';
import { passwordResetsService } from './staff/password-resets.ts';
import { previewLinksService } from './content/preview-links.ts';
import { searchService } from './content/search.ts';
import { sponsoredSubmissionsService } from './sponsors/sponsored-submissions.ts';
import { sponsorMailsService } from './sponsors/sponsor-mails.ts';
import { sponsorReportReaderService, sponsorReportsService } from './sponsors/sponsor-reports.ts';
import { siteConfigService } from './site/site-config.ts';
import { subscribersService } from './newsletter/subscribers.ts';
import { staffService } from './staff/staff.ts';
import { staffSecurityService } from './staff/staff-security.ts';
import { siteProfileService } from './site/site-profile.ts';
import { socialCardsService } from './site/social-cards.ts';
import { twoFactorService } from './staff/two-factor.ts';
import { FollowAlerts } from '../follows/alerts.ts';
import { followsService } from './newsletter/follows.ts';
import { webhookClockService } from './site/webhook-clock.ts';
import { webhooksService } from './site/webhooks.ts';

export type { PaymentMode, TestCheckoutOutcome } from './sponsors/payments.ts';

/**
 * The services of one app over its dependencies and its media storage, with
 * the kinds of background job they run (registered by server/start-up.ts,
 * the one caller).
 */
export function createServices(deps: AppDeps, storage: MediaStorage) {
  const auditLog = auditLogService(deps);
  /** Uploaded images: the one door to server/storage. */
  const media = mediaService(storage);
  const markdown = markdownService();
  const siteProfile = siteProfileService(deps);
  // The sponsor hears of their post's progress: saving a post drafted from a submission tells them.
  // Creator links, the creator's private update links of campaigns: mailed when a sponsored post goes live, reissued by staff.
  const links = creatorLinks(deps);
  // The sponsor's private report of their post: its link is mailed when the post goes live.
  const reports = sponsorReportsService(deps);
  const sponsorMails = sponsorMailsService(deps, siteProfile, links, reports);
  // Signed webhooks: the other services emit their events in the transactions of their changes.
  const webhooks = webhooksService(deps);
  const posts = contentService(deps, POST_KIND, markdown, {
    async afterSave(trx, post) {
      await sponsorMails.postHooks.afterSave(trx, post);
      // A campaign video without its poster: one is read in the background (campaignRefresh is built below, before any save).
      await campaignRefresh.notePoster(trx, post);
    },
    // A post's webhooks, with what the clock tells of it (webhookClock is built below, before any save).
    afterChange: (trx, post, before) => webhookClock.postChanged(trx, post, before),
    beforeRemove: (trx, post) => webhookClock.postRemoved(trx, post),
    afterCommit: () => sponsorMails.postHooks.afterCommit(),
  });
  // What the clock alone makes news of: a scheduled post going live, a campaign's end passing.
  const webhookClock = webhookClockService(deps, webhooks, posts);
  const campaigns = campaignsService(deps, posts, auditLog);
  const previewLinks = previewLinksService(deps);
  const newsletters = newslettersService(deps, siteProfile, webhooks);
  // The public pages that exist now: what a beacon may count, and what a variant spelling leads to.
  const publicPages = new PublicPages(deps.db, deps.contentChanges);
  // Page views, and the owner's switch every counter obeys.
  const analytics = analyticsService(deps, auditLog, publicPages);
  // Reading campaigns from their platforms: its results go through the campaigns service like a creator's.
  const campaignRefresh = campaignRefreshService(deps, auditLog, campaigns, { media, posts });
  // Readers following campaigns, and the alerts the campaigns' facts and the clock make due.
  const followAlerts = new FollowAlerts(deps);
  const follows = followsService(deps, followAlerts);
  // The CDN in front: each write's purge job is enqueued in its transaction.
  const cdn = cdnService(deps);
  const services = {
    auditLog,
    auth: authService(deps, auditLog),
    account: accountService(deps, auditLog),
    /** Public author profiles: their pages, their edits, the post editor's choice of author. */
    authors: authorsService(deps),
    twoFactor: twoFactorService(deps, auditLog, siteProfile),
    staffSecurity: staffSecurityService(deps, auditLog),
    passwordResets: passwordResetsService(deps, auditLog),
    posts,
    /** A post's campaign beside the editor: its history, and facts from its creator or a refresh. */
    campaigns,
    campaignRefresh,
    /** Cookie-free page-view counting, and the owner's switch the click counters obey too. */
    analytics,
    /** Whether a post, resource, category or sent issue lives at a path now (read together, kept briefly). */
    publicPages,
    resources: contentService(deps, RESOURCE_KIND, markdown),
    /** Markdown rendered once per source (decision 033): the legal pages, a newsletter issue's web version. */
    markdown,
    categories: categoriesService(deps),
    /** Clicks to campaigns, share buttons and newsletter links, and where their redirects lead. */
    clicks: clickCountingService(deps, analytics),
    contactMessages: contactMessagesService(deps),
    subscribers: subscribersService(deps, webhooks),
    /** Readers following a campaign by e-mail, with no account (decision 097). */
    follows,
    followAlerts,
    newsletters,
    /** The owner's view of every mail kept or sent. */
    outbox: outboxService(deps),
    previewLinks,
    /** The creator's link to their campaign's numbers. */
    campaignUpdates: campaignUpdatesService(deps, { posts, campaigns, links, siteProfile }),
    search: searchService(deps),
    sponsoredSubmissions: sponsoredSubmissionsService(deps, { posts, previewLinks, sponsorMails, reports }),
    /** `GET /api/sponsor-report/{token}`: the sponsored post's numbers. */
    readSponsorReport: sponsorReportReaderService(deps, reports, (submissionId) => findPostOfSubmission(deps.db, submissionId)),
    payments: paymentsService({
      ...deps,
      onPaid: (trx, payment) =>
        webhooks.emit(trx, 'sponsored_submission.paid', {
          id: payment.submission_id,
          amount_cents: payment.amount_cents,
          currency: payment.currency,
          paid_at: payment.completed_at,
        }),
    }),
    media,
    demoContent: demoContentService(deps, auditLog, media),
    dashboard: dashboardService(deps, siteProfile),
    analyticsReports: analyticsReportsService(deps),
    siteConfig: siteConfigService(deps),
    siteProfile,
    /** What each social card shows, and its address. */
    socialCards: socialCardsService(deps, siteProfile),
    staff: staffService(deps, auditLog),
    /** The CDN in front, purged exactly on each write (decision 098). */
    cdn,
    /** The owner's webhook endpoints, their deliveries and their log (decision 100). */
    webhooks,
    /** The webhooks the clock makes: started at every server's start. */
    webhookClock,
  };
  // Every kind of background job these services enqueue; a process runs only the kinds it registered.
  const jobKinds: JobKind<never>[] = [
    storage.variantsJob,
    newsletters.sendingJob,
    sponsorMails.job,
    sponsorMails.summaryJob,
    campaignRefresh.refreshJob,
    campaignRefresh.posterJob,
    followAlerts.job,
    webhooks.deliveryJob,
    webhookClock.clockJob,
    ...cdn.jobKinds,
  ];
  return { services, jobKinds };
}

export type AppServices = ReturnType<typeof createServices>['services'];
