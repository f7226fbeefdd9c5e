/**
 * The newsletter sender. Sending an issue is a durable job (server/jobs) that
 * works in slices: each run claims due delivery rows in batches, sends them
 * through the pooled transport, records each outcome, and after a slice
 * enqueues its own continuation, so other background work gets its turn
 * and a server that dies loses at most the rows it had claimed (their lease
 * runs out and any server takes them again).
 *
 * Outcomes: a sent row is done; a 5xx refusal fails the row and marks the
 * subscriber `bounced`; anything else is tried again with growing pauses
 * for up to three days. A subscriber who left before its turn is skipped.
 *
 * The rules that depend on the moment are checked when the sending starts,
 * not when it is asked for: chosen posts that are not live then are left
 * out (and named on the issue), and an issue that finds nobody to send to,
 * then or by the end, goes back to draft instead of counting as sent
 * (decision 043).
 *
 * Duplicates: a row is recorded as sent right after the SMTP server took
 * it. Only the messages between those two moments when a server dies (at
 * most one per SMTP connection) can go out twice; each carries the same
 * Message-ID both times.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { NewsletterIssueRecord } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { siteOrigin, type Config } from '../config.ts';
import { nowSeconds, type Engine } from '../db/database.ts';
import {
  cancelPendingDeliveries,
  claimDeliveries,
  countDeliveries,
  deleteDeliveries,
  extendDeliveryLease,
  findIssue,
  freezeRecipients,
  moveIssue,
  nextDeliveryDue,
  recordDelivery,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from '../db/queries/newsletters.ts';
import { markSubscriberBounced } from '../db/queries/subscribers.ts';
import type { Database, Db } from '../db/schema.ts';
import type { JobKind, Jobs } from '../jobs/jobs.ts';
import { loadIssueContent, type CampaignClock } from './content.ts';
import { personalise, renderIssue, type RenderedIssue, type SiteLook } from './email.tsx';
import { classifySendError, createNewsletterTransport, describeSendError, type NewsletterTransport } from './transport.ts';
import type { SiteProfileCache } from '../site-profile.ts';
import type { ContentChanges } from '../freshness/content-changes.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';
import { countedIssue } from './tracked-links.ts';

/** A recipient whose mail could not be delivered for this long is given up. */
const RETRY_FOR_SECONDS = 3 * 24 * 60 * 60;

export interface NewsletterSenderOptions {
  /** How long one run sends before it hands over to its continuation. */
  sliceMs: number;
  /** How long a claim on a row lasts without being renewed. */
  leaseSeconds: number;
  /** The first retry's pause; each further one is four times longer, up to six hours. */
  retryDelaySeconds: number;
}

export const DEFAULT_NEWSLETTER_SENDER_OPTIONS: NewsletterSenderOptions = {
  sliceMs: 20_000,
  leaseSeconds: 60,
  retryDelaySeconds: 60,
};

export interface NewsletterSenderDeps {
  db: Kysely<Database>;
  engine: Engine;
  logger: Logger;
  jobs: Jobs;
  config: Config;
  /** The key unsubscribe links are sealed with (./unsubscribe-links.ts). */
  totpEncryptionKey: Uint8Array;
  /** The site's name and logo as its settings say now, for the mail's masthead. */
  siteLook: () => Promise<SiteLook>;
  /** Now, on the site's clocks: when the campaigns' fact lines are read. */
  campaignClock: () => Promise<CampaignClock>;
  /** The site's name for the sender, when MAIL_FROM is unset. */
  siteProfileCache: Pick<SiteProfileCache, 'siteName'>;
  /**
   * How a sent issue is told to the caches of public answers: it joins the
   * archive, which the pages show; a CDN in front is purged with it (decision 098).
   */
  contentChanges?: Pick<ContentChanges, 'write'>;
  /** What else an issue's sending done does, in the transaction that marks it sent (the `newsletter.sent` webhook). */
  onSent?: (trx: Db, issue: { id: number; slug: string; subject: string; sentAt: number; recipients: number }) => Promise<void>;
}

/** What starting a sending came to: started, refused for want of recipients, or moved on by someone else. */
export type StartOutcome = 'started' | 'no-recipients' | 'not-startable';

export const NO_RECIPIENTS_MESSAGE = 'Nobody would receive this issue: there are no active subscribers. Nothing was sent.';

/** Deterministic per (issue, subscriber): the receiving side sees a resent copy as the same message. */
export function newsletterMessageId(issueId: number, subscriberId: number, siteUrl: string): string {
  return `<newsletter-${issueId}-${subscriberId}@${new URL(siteUrl).hostname}>`;
}

export const unsubscribeUrlOf = (siteUrl: string, token: string) =>
  `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export const webVersionUrlOf = (siteUrl: string, slug: string) => `${siteUrl}/newsletter/${slug}`;

export class NewsletterSender {
  /** Sending an issue: a job kind the start-up registers (server/start-up.ts). */
  readonly job: JobKind<{ issueId: number }>;
  private readonly options: NewsletterSenderOptions;
  private readonly unsubscribeLinks: ReturnType<typeof unsubscribeLinks>;

  constructor(
    private readonly deps: NewsletterSenderDeps,
    options: Partial<NewsletterSenderOptions> = {},
  ) {
    this.options = { ...DEFAULT_NEWSLETTER_SENDER_OPTIONS, ...options };
    this.unsubscribeLinks = unsubscribeLinks(deps.totpEncryptionKey);
    this.job = {
      name: 'newsletter-send',
      // A run fails only when the database does; its rows keep their state.
      maxAttempts: 20,
      run: ({ issueId }) => this.run(issueId),
    };
  }

  /** Queues a run for an issue: now, or `delaySeconds` from now (a scheduled send). Pass the caller's transaction. */
  async enqueue(db: Db, issueId: number, delaySeconds = 0): Promise<void> {
    await this.deps.jobs.enqueue(db, this.job, { issueId }, { delaySeconds });
  }

  wake(): void {
    this.deps.jobs.wake();
  }

  /** One slice of an issue's sending. */
  private async run(issueId: number): Promise<void> {
    const { db, logger } = this.deps;
    let issue = await findIssue(db, issueId);
    if (!issue) return;
    if (issue.status === 'scheduled') {
      const wait = (issue.scheduled_at ?? 0) - nowSeconds();
      // Moved to a later time since this run was queued.
      if (wait > 0) return this.enqueue(db, issueId, wait);
      // This run goes on to send: no other job is needed.
      await this.startSending(issueId, { enqueue: false, ifNobody: 'back-to-draft' });
      issue = await findIssue(db, issueId);
    }
    if (issue?.status === 'cancelled') {
      // What a stopped worker left claimed when the issue was cancelled.
      await cancelPendingDeliveries(db, issueId, nowSeconds());
      return;
    }
    if (!issue || issue.status !== 'sending') return;

    const siteUrl = siteOrigin(this.deps.config);
    // Each slice reads the campaigns' facts anew: a mail says where they stand when it goes out.
    const { content } = await loadIssueContent(db, issue, siteUrl, await this.deps.campaignClock());
    const rendered = await countedIssue(
      db,
      issue.id,
      await renderIssue(content, {
        siteUrl,
        webUrl: webVersionUrlOf(siteUrl, issue.slug),
        ...(await this.deps.siteLook()),
      }),
      siteUrl,
    );
    const transport = createNewsletterTransport(this.deps.config, db, this.deps.siteProfileCache);
    try {
      await this.sendSlice(issue, rendered, transport, siteUrl);
    } finally {
      transport.close();
    }

    const next = await nextDeliveryDue(db, issueId);
    const now = nowSeconds();
    if (next === undefined) {
      const sent = (await countDeliveries(db, [issueId])).get(issueId)?.sent ?? 0;
      if (sent === 0) {
        if (await this.backToDraft(db, issueId, now)) {
          logger.warn({ issue: issueId }, 'newsletter: issue reached nobody, back to draft');
        }
        return;
      }
      const markSent = async (trx: Db) => {
        if (!(await moveIssue(trx, issueId, ['sending'], 'sent', { sent_at: now }, now))) return false;
        await this.deps.onSent?.(trx, { id: issue.id, slug: issue.slug, subject: issue.subject, sentAt: now, recipients: sent });
        return true;
      };
      const moved = await (this.deps.contentChanges ? this.deps.contentChanges.write(db, null, markSent) : db.transaction().execute(markSent));
      if (moved) {
        logger.info({ issue: issueId }, 'newsletter: issue sent');
        this.deps.jobs.wake();
      }
      return;
    }
    await this.enqueue(db, issueId, Math.max(0, next - now));
  }

  /**
   * Draft or scheduled → sending, freezing its recipients and leaving out
   * the posts that are not live now, once (another server may be doing the
   * same). With `enqueue`, the job that sends them commits with the change,
   * so no issue is left sending with nobody to send it.
   *
   * With no active subscriber, `ifNobody: 'refuse'` throws NO_RECIPIENTS
   * and changes nothing (a "Send now"); `'back-to-draft'` returns the issue
   * to draft with the moment noted (a scheduled issue whose time came).
   */
  async startSending(
    issueId: number,
    options: { enqueue: boolean; ifNobody: 'refuse' | 'back-to-draft' },
  ): Promise<StartOutcome> {
    const siteUrl = siteOrigin(this.deps.config);
    const outcome = await this.deps.db.transaction().execute(async (trx): Promise<StartOutcome> => {
      const now = nowSeconds();
      const issue = await findIssue(trx, issueId);
      if (!issue || (issue.status !== 'draft' && issue.status !== 'scheduled')) return 'not-startable';
      const { notLive } = await loadIssueContent(trx, { ...issue, left_out: [] }, siteUrl);
      const changes = { started_at: now, left_out: notLive, reached_nobody_at: null };
      if (!(await moveIssue(trx, issueId, ['draft', 'scheduled'], 'sending', changes, now))) return 'not-startable';
      if ((await freezeRecipients(trx, issueId, now)) === 0) {
        // Thrown, so the transaction rolls the move back.
        if (options.ifNobody === 'refuse') throw new DomainError('NO_RECIPIENTS', NO_RECIPIENTS_MESSAGE);
        await this.backToDraft(trx, issueId, now);
        return 'no-recipients';
      }
      if (options.enqueue) await this.enqueue(trx, issueId);
      return 'started';
    });
    if (outcome === 'no-recipients') this.deps.logger.warn({ issue: issueId }, 'newsletter: no active subscriber when sending started, back to draft');
    if (outcome === 'started' && options.enqueue) this.wake();
    return outcome;
  }

  /** An issue that reached nobody: back to draft, noted, its recipients forgotten so a later sending starts afresh. */
  private async backToDraft(db: Db, issueId: number, now: number): Promise<boolean> {
    const work = async (trx: Db) => {
      const changes = { started_at: null, scheduled_at: null, left_out: [], reached_nobody_at: now };
      if (!(await moveIssue(trx, issueId, ['sending'], 'draft', changes, now))) return false;
      await deleteDeliveries(trx, issueId);
      return true;
    };
    return db.isTransaction ? work(db) : db.transaction().execute(work);
  }

  private async sendSlice(
    issue: NewsletterIssueRecord,
    rendered: RenderedIssue,
    transport: NewsletterTransport,
    siteUrl: string,
  ): Promise<void> {
    const { db, engine, jobs } = this.deps;
    const { leaseSeconds } = this.options;
    const rate = this.deps.config.NEWSLETTER_RATE_PER_SECOND;
    // About a second's worth at the configured rate, so a cancel takes effect within about a second.
    const batchSize = rate > 0 ? Math.min(Math.max(rate, this.deps.config.NEWSLETTER_SMTP_CONNECTIONS), 200) : 200;
    const deadline = Date.now() + this.options.sliceMs;
    const inFlight = new Set<number>();
    const renew = setInterval(() => {
      void extendDeliveryLease(db, [...inFlight], jobs.worker, nowSeconds() + leaseSeconds).catch(() => {});
    }, (leaseSeconds * 1000) / 3);
    renew.unref();
    try {
      while (Date.now() < deadline) {
        const current = await findIssue(db, issue.id);
        if (current?.status !== 'sending') return;
        const now = nowSeconds();
        const batch = await claimDeliveries(db, engine, {
          issueId: issue.id,
          worker: jobs.worker,
          limit: batchSize,
          now,
          lockedUntil: now + leaseSeconds,
        });
        if (batch.length === 0) return;
        for (const row of batch) inFlight.add(row.id);
        await Promise.all(
          batch.map(async (row) => {
            const outcome = await this.deliver(issue, row, rendered, transport, siteUrl);
            await recordDelivery(db, row.id, jobs.worker, outcome, nowSeconds());
            inFlight.delete(row.id);
          }),
        );
      }
    } finally {
      clearInterval(renew);
    }
  }

  private async deliver(
    issue: NewsletterIssueRecord,
    row: ClaimedDelivery,
    rendered: RenderedIssue,
    transport: NewsletterTransport,
    siteUrl: string,
  ): Promise<DeliveryOutcome> {
    // Left (or bounced) after the issue started: nothing more goes to it.
    if (row.subscriber_status !== 'active') return { status: 'skipped' };
    const unsubscribeUrl = unsubscribeUrlOf(siteUrl, this.unsubscribeLinks.tokenOf(row.subscriber_id));
    const mail = personalise(rendered, unsubscribeUrl);
    try {
      await transport.send({
        to: row.email,
        subject: issue.subject,
        html: mail.html,
        text: mail.text,
        messageId: newsletterMessageId(issue.id, row.subscriber_id, siteUrl),
        unsubscribeUrl,
      });
      return { status: 'sent' };
    } catch (error) {
      const reason = describeSendError(error);
      const now = nowSeconds();
      if (classifySendError(error) === 'bounce') {
        await markSubscriberBounced(this.deps.db, row.subscriber_id, now);
        this.deps.logger.info({ issue: issue.id, subscriber: row.subscriber_id, reason }, 'newsletter: bounced');
        return { status: 'failed', error: reason };
      }
      const firstTry = row.first_attempt_at ?? now;
      if (now - firstTry >= RETRY_FOR_SECONDS) return { status: 'failed', error: `gave up after 3 days: ${reason}` };
      const delay = Math.min(this.options.retryDelaySeconds * 4 ** (row.attempts - 1), 6 * 60 * 60);
      this.deps.logger.warn({ issue: issue.id, subscriber: row.subscriber_id, attempt: row.attempts, reason }, 'newsletter: will retry');
      return { status: 'retry', error: reason, at: now + delay };
    }
  }
}
