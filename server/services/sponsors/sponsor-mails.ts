/**
 * Keeps the sponsor of a paid submission informed (decision 051): each mail
 * to them is an event on the submission's timeline, with its outbox entry.
 * Mails that follow the post (scheduled, live) are sent by a durable job:
 * saving a post drafted from a submission enqueues it in the save's
 * transaction; a scheduled post enqueues it again for its publication time,
 * so the live mail (with the sponsor's private links) goes out when the time passes, from whichever server
 * runs it, after a restart too.
 */
import type { PostJson, SponsorEventJson, SponsorEventKind, SponsoredSubmissionJson } from '../../../common/answers.ts';
import { goPath } from '../../../common/outbound.ts';
import { isLive, isScheduled } from '../../../common/publication.ts';
import { siteLink, siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { findPost, findPostOfSubmission } from '../../db/queries/posts.ts';
import {
  deleteSponsorEvent,
  findSponsorEvent,
  hasSponsorEvent,
  insertSponsorEvent,
  setSponsorEventMail,
} from '../../db/queries/sponsored-submission-events.ts';
import { findSponsoredSubmissionById } from '../../db/queries/sponsored-submissions.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobKind } from '../../jobs/jobs.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import {
  sponsorLiveMail,
  sponsorReportSummaryMail,
  sponsorScheduledMail,
  type SponsorMailSite,
} from '../../mail/sponsor-mails.ts';
import type { CreatorLinks } from '../../private-links/links.ts';
import type { SponsorReportsService } from './sponsor-reports.ts';
import type { ContentSaveHooks } from '../content/content.ts';
import type { SiteProfileService } from '../site/site-profile.ts';

export interface SponsorMailOptions {
  /** The member of staff who caused it; none when the site did. */
  createdBy?: number | null;
  detail?: string;
  /** A mail that must go out once: a second send with this key sends nothing. */
  dedupeKey?: string;
}

/** The report's summary mail goes out this long after the post went live. */
export const REPORT_SUMMARY_DAYS = 7;

export function sponsorMailsService(
  deps: AppDeps,
  siteProfile: Pick<SiteProfileService, 'current'>,
  creatorLinks: CreatorLinks,
  reports: SponsorReportsService,
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
    return (await mailSponsorOnce(submission, [{ kind, ...options }], message))?.[0];
  }

  /**
   * One mail that stands for several timeline events (the live address and
   * the private links mailed with it): every event is claimed before the
   * mail goes, each then points at the same outbox entry. When any claim is
   * taken already, the others are given back and nothing is sent.
   */
  async function mailSponsorOnce(
    submission: Pick<SponsoredSubmissionJson, 'id' | 'contact_email'>,
    events: (SponsorMailOptions & { kind: SponsorEventKind })[],
    message: MailMessage,
  ): Promise<SponsorEventJson[] | undefined> {
    const claims: number[] = [];
    const giveBack = () => Promise.all(claims.map((claim) => deleteSponsorEvent(db, claim).catch(() => {})));
    for (const event of events) {
      const claim = await insertSponsorEvent(db, {
        submissionId: submission.id,
        kind: event.kind,
        createdBy: event.createdBy ?? null,
        to: submission.contact_email,
        detail: event.detail ?? null,
        ...(event.dedupeKey ? { dedupeKey: event.dedupeKey } : {}),
      });
      if (claim === undefined) {
        await giveBack();
        return undefined;
      }
      claims.push(claim);
    }
    try {
      const kept = await mailer.sendMail(message);
      for (const claim of claims) await setSponsorEventMail(db, claim, message.to, kept.outboxId);
    } catch (error) {
      await giveBack();
      throw error;
    }
    const found = await Promise.all(claims.map((claim) => findSponsorEvent(db, claim)));
    return found.filter((event) => event !== undefined);
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
    if (isLive(post, now)) await mailLive(post, submission, site);
  }

  /**
   * Once the post is live, one mail (decision 082): its address, once, and
   * with it each private link not mailed before: the report's (the link
   * staff may already have issued, else a new one) and, with a campaign,
   * the creator's update link. Each is checked before any link is made, so
   * a later run (a save while live) never brings back a link staff revoked.
   * The report's summary job is enqueued for a week after it went live.
   */
  async function mailLive(
    post: PostJson,
    submission: Pick<SponsoredSubmissionJson, 'id' | 'contact_email' | 'contact_name' | 'project_name'>,
    site: SponsorMailSite,
  ): Promise<void> {
    const postUrl = siteLink(config, `/${post.slug}`);
    const isAnnouncement = !(await hasSponsorEvent(db, submission.id, 'live_mail'));
    const reportUrl = (await hasSponsorEvent(db, submission.id, 'report_link_mail'))
      ? null
      : ((await reports.current(db, submission.id)) ?? (await reports.issue(db, submission.id)));
    const creatorLink =
      !post.campaign || (await hasSponsorEvent(db, submission.id, 'campaign_link_mail'))
        ? null
        : ((await creatorLinks.current(db, [post.id])).get(post.id) ?? (await creatorLinks.issue(db, post.id, post.campaign.ends_at)));
    if (!isAnnouncement && !reportUrl && !creatorLink) return;

    const events: (SponsorMailOptions & { kind: SponsorEventKind })[] = [
      ...(isAnnouncement ? [{ kind: 'live_mail' as const, detail: postUrl, dedupeKey: `sponsor-live:${submission.id}` }] : []),
      ...(creatorLink
        ? [{ kind: 'campaign_link_mail' as const, detail: String(creatorLink.expires_at), dedupeKey: `sponsor-campaign-link:${submission.id}` }]
        : []),
      ...(reportUrl ? [{ kind: 'report_link_mail' as const, dedupeKey: `sponsor-report-link:${submission.id}` }] : []),
    ];
    const message = sponsorLiveMail(
      submission,
      {
        postUrl,
        goUrl: post.campaign_url ? siteLink(config, goPath(post.slug)) : null,
        isAnnouncement,
        reportUrl,
        creatorLink: creatorLink ? { url: creatorLink.url, expiresAt: creatorLink.expires_at } : null,
      },
      site,
    );
    const sent = await mailSponsorOnce(submission, events, message);
    if (!sent) return;
    logger.info({ submission: submission.id, post: post.id, events: events.map((event) => event.kind) }, 'sponsored post live: sponsor mailed');
    if (reportUrl) {
      const liveAt = post.published_at ?? nowSeconds();
      const delaySeconds = Math.max(0, liveAt + REPORT_SUMMARY_DAYS * 24 * 60 * 60 - nowSeconds());
      await jobs.enqueue(db, summaryJob, { submissionId: submission.id }, { delaySeconds, dedupeKey: `sponsor-report-summary:${submission.id}` });
    }
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

  /** What a post save does for its sponsor: a published post drafted from a submission is followed. */
  const postHooks: ContentSaveHooks<PostJson> = {
    async afterSave(trx: Db, post: PostJson) {
      if (post.sponsored_submission_id !== null && post.status === 'published') await jobs.enqueue(trx, job, { postId: post.id });
    },
    afterCommit: () => jobs.wake(),
  };

  return { mailSite, mailSponsor, postHooks, job, summaryJob };
}

export type SponsorMailsService = ReturnType<typeof sponsorMailsService>;
