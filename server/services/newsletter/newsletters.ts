/**
 * Newsletter issues: composed as drafts in the back office, previewed,
 * sent as tests, then sent (now or at a set time) to every active
 * subscriber by the newsletter sender (server/newsletter/sender.ts), and kept
 * as a public archive at /newsletter once sent. Every rendering (preview,
 * test, mail, web version) shows live posts only.
 */
import type {
  NewsletterAudienceJson,
  NewsletterIssueJson,
  NewsletterIssueRecord,
  NewsletterPreviewJson,
} from '../../../common/answers.ts';
import { utcDay } from '../../../common/calendar-days.ts';
import { DomainError, notFound, versionConflict } from '../../../common/errors.ts';
import {
  NEWSLETTER_MAX_POSTS,
  newsletterIssueSchema,
  newsletterIssueUpdateSchema,
  newsletterSendSchema,
  newsletterTestSendSchema,
} from '../../../common/schemas/newsletter.ts';
import { slugify } from '../../../common/schemas/slug.ts';
import { validate } from '../../../common/validate.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  cancelPendingDeliveries,
  deleteDraftIssue,
  findIssue,
  findIssueBySlug,
  findIssuesCarryingPost,
  insertIssue,
  listIssues,
  listSentIssues,
  moveIssue,
  updateIssue,
  withDeliveryProgress,
} from '../../db/queries/newsletters.ts';
import { listPostIdsEndingBy } from '../../db/queries/campaigns.ts';
import { countSubscribersByStatus } from '../../db/queries/subscribers.ts';
import type { WebhookEmitter } from '../site/webhooks.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { loadIssueContent, type CampaignClock } from '../../newsletter/content.ts';
import { clicksByTarget } from '../../db/queries/analytics-clicks.ts';
import { listIssueLinks } from '../../db/queries/newsletter-links.ts';
import { mailImageUrl, personalise, renderIssue, type IssueContent, type SiteLook } from '../../newsletter/email.tsx';
import { NewsletterSender, webVersionUrlOf } from '../../newsletter/sender.ts';
import { createNewsletterTransport } from '../../newsletter/transport.ts';
import type { SiteProfileService } from '../site/site-profile.ts';

const WHAT = 'newsletter issue';

/** Addresses under /newsletter/ that are pages of their own. */
const TAKEN_PATHS = new Set(['confirm', 'unsubscribe']);

/** Slugs an issue made at `now` may take: its subject's, then with the date, then numbered. */
function slugCandidates(subject: string, now: number): string[] {
  const base = slugify(subject).slice(0, 80).replace(/-+$/, '') || 'issue';
  const dated = `${base}-${utcDay(now)}`;
  const numbered = Array.from({ length: 20 }, (_, index) => `${dated}-${index + 2}`);
  return TAKEN_PATHS.has(base) ? [dated, ...numbered] : [base, dated, ...numbered];
}

const DAY_SECONDS = 24 * 60 * 60;

const conflict = (message: string) => new DomainError('INVALID_STATUS_TRANSITION', message);

/** How far ahead "Start from ending soon" looks for campaigns that end. */
export const ENDING_SOON_ISSUE_DAYS = 7;

const NO_ENDING_CAMPAIGNS_MESSAGE = `No live campaign ends within the next ${ENDING_SOON_ISSUE_DAYS} days, so there is nothing for an "ending soon" issue. No issue was created.`;

/** The texts of an "ending soon" issue of `count` campaigns; the editor rewrites them as they like. */
function endingSoonTexts(count: number): { subject: string; preheader: string; intro: string } {
  const campaigns = count === 1 ? '1 campaign' : `${count} campaigns`;
  return {
    subject: `Ending soon: ${campaigns} to back this week`,
    preheader: 'Their last days: where each one stands and how long is left',
    intro: `${count === 1 ? 'This campaign closes' : `These ${count} campaigns close`} within the next ${ENDING_SOON_ISSUE_DAYS} days. Here is where each one stands: back the ones you like before time runs out.`,
  };
}

/** A sent issue as its web version shows it. */
export interface PublishedIssue {
  issue: NewsletterIssueRecord;
  content: IssueContent;
  /** The first second at which a campaign's fact line in it reads differently by the clock alone; a page showing it expires then. */
  nextChange: number | null;
}

export function newslettersService(deps: AppDeps, siteProfile: SiteProfileService, webhooks?: { emit: WebhookEmitter }) {
  const { db, config, logger } = deps;
  const siteUrl = siteOrigin(config);
  /** The masthead as the settings say now: the mail is rendered when it goes out, so a renamed site is mailed as renamed. */
  const siteLook = async (): Promise<SiteLook> => {
    const settings = await siteProfile.current();
    return { siteName: settings.site_name, logoUrl: settings.logo_url ? mailImageUrl(settings.logo_url, siteUrl) : null };
  };
  /** Fact lines are read at the rendering, on the site's clocks. */
  const campaignClock = async (): Promise<CampaignClock> => ({ now: nowSeconds(), timeZone: (await siteProfile.current()).time_zone });
  const onSent = webhooks
    ? (trx: Db, issue: { id: number; slug: string; subject: string; sentAt: number; recipients: number }) =>
        webhooks.emit(trx, 'newsletter.sent', {
          id: issue.id,
          slug: issue.slug,
          subject: issue.subject,
          url: `${siteUrl}/newsletter/${issue.slug}`,
          sent_at: issue.sentAt,
          recipients: issue.recipients,
        })
    : undefined;
  const sender = new NewsletterSender({ ...deps, siteLook, campaignClock, ...(onSent ? { onSent } : {}) }, deps.newsletterSenderOptions);

  async function mustFind(id: number): Promise<NewsletterIssueRecord> {
    const issue = await findIssue(db, id);
    if (!issue) throw notFound('Newsletter issue not found');
    return issue;
  }

  const withCounts = async (issue: NewsletterIssueRecord): Promise<NewsletterIssueJson> => {
    const [json] = await withDeliveryProgress(db, [issue]);
    return json as NewsletterIssueJson;
  };

  return {
    /** The background job that sends an issue, registered at start-up (server/start-up.ts). */
    sendingJob: sender.job,

    /** `smtp` when mails really leave; `outbox` when they are only kept (no SMTP_URL). */
    delivery: (): 'smtp' | 'outbox' => (config.SMTP_URL ? 'smtp' : 'outbox'),

    /** Who a "Send now" would reach at this moment. */
    async audience(): Promise<NewsletterAudienceJson> {
      const counts = await countSubscribersByStatus(db);
      return { active_subscribers: counts.active, delivery: config.SMTP_URL ? 'smtp' : 'outbox' };
    },

    async list(): Promise<NewsletterIssueJson[]> {
      return withDeliveryProgress(db, await listIssues(db));
    },

    /** One issue with its deliveries counted and, once sent, each link of its mail with its clicks. */
    async get(id: number): Promise<NewsletterIssueJson> {
      const issue = await withCounts(await mustFind(id));
      const [links, clicks] = await Promise.all([listIssueLinks(db, id), clicksByTarget(db, 'newsletter', id)]);
      return { ...issue, links: links.map((link) => ({ link_no: link.link_no, url: link.url, clicks: clicks.get(String(link.link_no)) ?? 0 })) };
    },

    async create(values: unknown): Promise<NewsletterIssueJson> {
      const input = validate(newsletterIssueSchema, values);
      const now = nowSeconds();
      const issue = await insertIssue(db, input, slugCandidates(input.subject, now), now);
      if (!issue) throw new DomainError('SLUG_TAKEN', 'Too many issues share this subject today; change the subject');
      return withCounts(issue);
    },

    /**
     * A draft listing the live campaigns (of live posts) that end within
     * ENDING_SOON_ISSUE_DAYS, the soonest first, as many as an issue
     * carries. Their facts are not written into the text: every rendering
     * prints each post's fact line as it is then (decision 064). With none
     * ending that soon, nothing is created (409 NO_ENDING_CAMPAIGNS).
     */
    async draftEndingSoon(): Promise<NewsletterIssueJson> {
      const now = nowSeconds();
      const postIds = await listPostIdsEndingBy(db, now, now + ENDING_SOON_ISSUE_DAYS * DAY_SECONDS, NEWSLETTER_MAX_POSTS);
      if (postIds.length === 0) throw new DomainError('NO_ENDING_CAMPAIGNS', NO_ENDING_CAMPAIGNS_MESSAGE);
      const input = validate(newsletterIssueSchema, { ...endingSoonTexts(postIds.length), post_ids: postIds });
      const issue = await insertIssue(db, input, slugCandidates(input.subject, now), now);
      if (!issue) throw new DomainError('SLUG_TAKEN', 'Too many issues share this subject today; change the subject');
      logger.info({ issue: issue.id, posts: postIds.length }, 'newsletter: ending-soon issue drafted');
      return withCounts(issue);
    },

    /** Saves an edit of a draft or a scheduled issue, made on `version` (409 when stale). */
    async update(id: number, values: unknown): Promise<NewsletterIssueJson> {
      const { version, ...input } = validate(newsletterIssueUpdateSchema, values);
      const current = await mustFind(id);
      if (current.version !== version) throw versionConflict(WHAT);
      if (current.status !== 'draft' && current.status !== 'scheduled') {
        throw conflict('This issue has been sent or cancelled and can no longer be edited');
      }
      const updated = await updateIssue(db, id, version, input, nowSeconds());
      if (!updated) throw versionConflict(WHAT);
      return withCounts(updated);
    },

    async remove(id: number): Promise<void> {
      const current = await mustFind(id);
      if (current.status !== 'draft' || !(await deleteDraftIssue(db, id))) {
        throw conflict('Only drafts can be deleted; cancel a scheduled issue instead');
      }
    },

    /** The mail the given (unsaved) values make, as a recipient would see it. */
    async preview(values: unknown): Promise<NewsletterPreviewJson> {
      const input = validate(newsletterIssueSchema, values);
      const { content, notLive } = await loadIssueContent(db, input, siteUrl, await campaignClock());
      const rendered = await renderIssue(content, {
        siteUrl,
        webUrl: webVersionUrlOf(siteUrl, 'preview'),
        ...(await siteLook()),
      });
      // Each recipient gets its own link; the preview shows where they lead.
      return {
        subject: input.subject,
        ...personalise(rendered, `${siteUrl}/newsletter/unsubscribe`),
        left_out: notLive.map((post) => post.title),
      };
    },

    /** Sends the saved issue to a few addresses, marked "[Test]"; counted nowhere. */
    async sendTest(id: number, values: unknown): Promise<{ sent: number; delivery: 'smtp' | 'outbox' }> {
      const { emails } = validate(newsletterTestSendSchema, values);
      const issue = await mustFind(id);
      const { content } = await loadIssueContent(db, issue, siteUrl, await campaignClock());
      const rendered = personalise(
        await renderIssue(content, {
          siteUrl,
          webUrl: webVersionUrlOf(siteUrl, issue.slug),
          ...(await siteLook()),
        }),
        `${siteUrl}/newsletter/unsubscribe`,
      );
      const transport = createNewsletterTransport(config, db, deps.siteProfileCache);
      try {
        for (const [index, email] of emails.entries()) {
          await transport.send({
            to: email,
            subject: `[Test] ${issue.subject}`,
            html: rendered.html,
            text: rendered.text,
            messageId: `<newsletter-${issue.id}-test-${Date.now()}-${index}@${new URL(siteUrl).hostname}>`,
            unsubscribeUrl: null,
          });
        }
      } catch (error) {
        logger.warn({ err: error, issue: id }, 'newsletter: test send failed');
        throw new DomainError('SERVICE_UNAVAILABLE', 'The mail server did not take the test mail; try again', {
          retryAfterSeconds: 30,
        });
      } finally {
        transport.close();
      }
      return { sent: emails.length, delivery: transport.kind };
    },

    /**
     * Sends a draft (or a scheduled issue) now, or schedules it for
     * `scheduled_at`. Sending freezes the recipients, every active
     * subscriber at that moment, and leaves out the posts that are not live
     * then; a "Send now" with no active subscriber is refused (409
     * NO_RECIPIENTS) and changes nothing.
     */
    async send(id: number, values: unknown): Promise<NewsletterIssueJson> {
      const { scheduled_at } = validate(newsletterSendSchema, values);
      if (scheduled_at !== undefined && scheduled_at <= nowSeconds()) {
        throw new DomainError('VALIDATION_FAILED', 'scheduled_at must be in the future; leave it out to send now', {
          fieldErrors: { scheduled_at: 'Choose a time in the future' },
        });
      }
      const issue = await mustFind(id);
      if (issue.status !== 'draft' && issue.status !== 'scheduled') {
        throw conflict(`This issue is ${issue.status} already`);
      }
      const now = nowSeconds();
      if (scheduled_at !== undefined) {
        await db.transaction().execute(async (trx) => {
          if (!(await moveIssue(trx, id, ['draft', 'scheduled'], 'scheduled', { scheduled_at }, now))) {
            throw conflict('This issue has just been sent or cancelled');
          }
          await sender.enqueue(trx, id, scheduled_at - now);
        });
        logger.info({ issue: id, scheduled_at }, 'newsletter: issue scheduled');
      } else {
        const outcome = await sender.startSending(id, { enqueue: true, ifNobody: 'refuse' });
        if (outcome !== 'started') throw conflict('This issue has just been sent or cancelled');
        logger.info({ issue: id }, 'newsletter: sending started');
      }
      return withCounts(await mustFind(id));
    },

    /** Stops a scheduled issue, or what is left of one being sent. */
    async cancel(id: number): Promise<NewsletterIssueJson> {
      const issue = await mustFind(id);
      const cancelled = await db.transaction().execute(async (trx) => {
        const now = nowSeconds();
        if (!(await moveIssue(trx, id, ['scheduled', 'sending'], 'cancelled', {}, now))) return false;
        await cancelPendingDeliveries(trx, id, now);
        return true;
      });
      if (!cancelled) throw conflict(`Only scheduled or sending issues can be cancelled; this one is ${issue.status}`);
      logger.info({ issue: id }, 'newsletter: issue cancelled');
      return withCounts(await mustFind(id));
    },

    /** The public archive: sent issues, newest first. */
    listSent: (): Promise<NewsletterIssueRecord[]> => listSentIssues(db),

    /** A sent issue's web version, with the posts that are live now; undefined for any other slug. */
    async findSent(slug: string): Promise<PublishedIssue | undefined> {
      const issue = await findIssueBySlug(db, slug);
      if (!issue || issue.status !== 'sent') return undefined;
      const { content, nextChange } = await loadIssueContent(db, issue, siteUrl, await campaignClock());
      return { issue, content, nextChange };
    },

    /** The sent issues that carried a post: the proof a paid inclusion was kept. */
    issuesCarryingPost: (postId: number): Promise<NewsletterIssueRecord[]> => findIssuesCarryingPost(db, postId),
  };
}

export type NewslettersService = ReturnType<typeof newslettersService>;
