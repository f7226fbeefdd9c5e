/**
 * Keeps the sponsor of a paid submission informed (decision 051): each mail
 * to them is an event on the submission's timeline, with its outbox entry.
 * Mails that follow the post (scheduled, live) are sent by a durable job:
 * saving a post drafted from a submission enqueues it in the save's
 * transaction; a scheduled post enqueues it again for its publication time,
 * so the live mail goes out when the time passes, from whichever server
 * runs it, after a restart too.
 */
import type { PostJson, SponsorEventJson, SponsorEventKind, SponsoredSubmissionJson } from '../../common/answers.ts';
import { goPath } from '../../common/outbound.ts';
import { isLive, isScheduled } from '../../common/publication.ts';
import { siteLink, siteOrigin } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import { findPost, findPostOfSubmission } from '../db/queries/posts.ts';
import {
  deleteSponsorEvent,
  findSponsorEvent,
  hasSponsorEvent,
  insertSponsorEvent,
  setSponsorEventMail,
} from '../db/queries/sponsored-submission-events.ts';
import { findSponsoredSubmissionById } from '../db/queries/sponsored-submissions.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { JobKind } from '../jobs/jobs.ts';
import type { MailMessage } from '../mail/mailer.ts';
import {
  sponsorCampaignLinkMail,
  sponsorLiveMail,
  sponsorReportLinkMail,
  sponsorReportSummaryMail,
  sponsorScheduledMail,
  type SponsorMailSite,
} from '../mail/sponsor-mails.ts';
import type { CampaignLinks } from './campaign-links.ts';
import type { SponsorReports } from './sponsor-reports.ts';
import type { ContentSaveHooks } from './content.ts';
import type { SiteProfileService } from './site-profile.ts';

export interface SponsorMailOptions {
  /** The member of staff who caused it; none when the site did. */
  createdBy?: number | null;
  detail?: string;
  /** A mail that must go out once: a second send with this key sends nothing. */
  dedupeKey?: string;
}

/** The report's summary mail goes out this long after the post went live. */
export const REPORT_SUMMARY_DAYS = 7;

export function sponsorUpdates(
  deps: AppDeps,
  siteProfile: Pick<SiteProfileService, 'current'>,
  campaignLinks: CampaignLinks,
  reports: SponsorReports,
) {
  const { db, jobs, mailer, logger, config } = deps;

  async function mailSite(): Promise<SponsorMailSite> {
    const settings = await siteProfile.current();
    return { name: settings.site_name, url: siteOrigin(config), timeZone: settings.time_zone };
  }

  /**
   * Mails the sponsor and puts the mail on the timeline. The event is
   * claimed first, so two servers (or a retried job) never send a mail with
   * a dedupe key twice; a mail that could not be kept gives its claim back.
   * Undefined when the key was already taken.
   */
  async function mailSponsor(
    submission: Pick<SponsoredSubmissionJson, 'id' | 'contact_email'>,
    kind: SponsorEventKind,
    message: MailMessage,
    options: SponsorMailOptions = {},
  ): Promise<SponsorEventJson | undefined> {
    const claim = await insertSponsorEvent(db, {
      submissionId: submission.id,
      kind,
      createdBy: options.createdBy ?? null,
      to: submission.contact_email,
      detail: options.detail ?? null,
      ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
    });
    if (claim === undefined) return undefined;
    try {
      const kept = await mailer.sendMail(message);
      await setSponsorEventMail(db, claim, message.to, kept.outboxId);
    } catch (error) {
      await deleteSponsorEvent(db, claim).catch(() => {});
      throw error;
    }
    return findSponsorEvent(db, claim);
  }

  const job: JobKind<{ postId: number }> = {
    name: 'sponsor-post-update',
    // A run fails only when the database does.
    maxAttempts: 10,
    run: ({ postId }) => followPost(postId),
  };

  /** Tells the sponsor where their post stands now: its date once scheduled, its address once live. */
  async function followPost(postId: number): Promise<void> {
    const post = await findPost(db, { id: postId });
    if (!post || post.sponsored_submission_id === null) return;
    const submission = await findSponsoredSubmissionById(db, post.sponsored_submission_id);
    if (!submission) return;
    const now = nowSeconds();
    const site = await mailSite();
    if (isScheduled(post, now) && post.published_at !== null) {
      const publishAt = post.published_at;
      await mailSponsor(submission, 'scheduled_mail', sponsorScheduledMail(submission, publishAt, site), {
        detail: String(publishAt),
        dedupeKey: `sponsor-scheduled:${submission.id}:${publishAt}`,
      });
      // Its time passing changes no row: this run again then sends the live mail.
      await jobs.enqueue(db, job, { postId }, { delaySeconds: publishAt - now, dedupeKey: `sponsor-live:${postId}:${publishAt}` });
      return;
    }
    if (isLive(post, now)) {
      const postUrl = siteLink(config, `/${post.slug}`);
      const sent = await mailSponsor(submission, 'live_mail', sponsorLiveMail(submission, { postUrl, goUrl: post.campaign_url ? siteLink(config, goPath(post.slug)) : null }, site), {
        detail: postUrl,
        dedupeKey: `sponsor-live:${submission.id}`,
      });
      if (sent) logger.info({ submission: submission.id, post: post.id }, 'sponsored post live: sponsor told');
      await mailCampaignLink(post, submission, postUrl, site);
      await mailReportLink(post, submission, postUrl, site);
    }
  }

  /**
   * Once the post is live, the sponsor gets the link to its report, once
   * (the link staff may already have issued, else a new one), and the
   * summary job is enqueued for a week after it went live. Checked before
   * any link is made, so a later save never brings back a revoked link.
   */
  async function mailReportLink(
    post: PostJson,
    submission: Pick<SponsoredSubmissionJson, 'id' | 'contact_email' | 'contact_name' | 'project_name'>,
    postUrl: string,
    site: SponsorMailSite,
  ): Promise<void> {
    if (await hasSponsorEvent(db, submission.id, 'report_link_mail')) return;
    const url = (await reports.current(db, submission.id)) ?? (await reports.issue(db, submission.id));
    if (!url) return;
    const sent = await mailSponsor(submission, 'report_link_mail', sponsorReportLinkMail(submission, { url, postUrl }, site), {
      dedupeKey: `sponsor-report-link:${submission.id}`,
    });
    if (!sent) return;
    logger.info({ submission: submission.id, post: post.id }, 'sponsored post live: report link mailed');
    const liveAt = post.published_at ?? nowSeconds();
    const delaySeconds = Math.max(0, liveAt + REPORT_SUMMARY_DAYS * 24 * 60 * 60 - nowSeconds());
    await jobs.enqueue(db, summaryJob, { submissionId: submission.id }, { delaySeconds, dedupeKey: `sponsor-report-summary:${submission.id}` });
  }

  /** A week after going live: the first numbers, once; nothing when staff revoked the link. */
  async function mailReportSummary(submissionId: number): Promise<void> {
    const submission = await findSponsoredSubmissionById(db, submissionId);
    const post = submission && (await findPostOfSubmission(db, submissionId));
    const url = submission ? await reports.current(db, submissionId) : null;
    if (!submission || !post || !url) return;
    const report = await reports.build(db, post);
    const site = await mailSite();
    const message = sponsorReportSummaryMail(
      submission,
      { url, views: report.totals.views, visitors: report.totals.visitors, outboundClicks: report.totals.outbound_clicks },
      site,
    );
    await mailSponsor(submission, 'report_summary_mail', message, { dedupeKey: `sponsor-report-summary:${submissionId}` });
  }

  const summaryJob: JobKind<{ submissionId: number }> = {
    name: 'sponsor-report-summary',
    maxAttempts: 10,
    run: ({ submissionId }) => mailReportSummary(submissionId),
  };

  /**
   * Once the post is live with a campaign, the sponsor gets its private
   * update link, once: the link staff may already have issued, else a new
   * one. Checked before any link is made, so a later run (a save while
   * live) never brings back a link staff revoked.
   */
  async function mailCampaignLink(
    post: PostJson,
    submission: Pick<SponsoredSubmissionJson, 'id' | 'contact_email' | 'contact_name' | 'project_name'>,
    postUrl: string,
    site: SponsorMailSite,
  ): Promise<void> {
    if (!post.campaign || (await hasSponsorEvent(db, submission.id, 'campaign_link_mail'))) return;
    const link = (await campaignLinks.current(db, [post.id])).get(post.id) ?? (await campaignLinks.issue(db, post.id, post.campaign.ends_at));
    if (!link) return;
    const sent = await mailSponsor(submission, 'campaign_link_mail', sponsorCampaignLinkMail(submission, { url: link.url, expiresAt: link.expires_at, postUrl }, site), {
      detail: String(link.expires_at),
      dedupeKey: `sponsor-campaign-link:${submission.id}`,
    });
    if (sent) logger.info({ submission: submission.id, post: post.id }, 'sponsored post live: campaign update link mailed');
  }

  /** What a post save does for its sponsor: a published post drafted from a submission is followed. */
  const postHooks: ContentSaveHooks<PostJson> = {
    async afterSave(trx: Db, post: PostJson) {
      if (post.sponsored_submission_id !== null && post.status === 'published') await jobs.enqueue(trx, job, { postId: post.id });
    },
    afterCommit: () => jobs.wake(),
  };

  return { mailSite, mailSponsor, postHooks, job, summaryJob };
}

export type SponsorUpdates = ReturnType<typeof sponsorUpdates>;
