/**
 * The alerts of followed campaigns (decision 097): one durable, recurring
 * job (server/jobs), so one server at a time runs it. Each run
 * 1. reads every confirmed follow with its campaign's facts and works out
 *    what is due by the clock (common/follow.ts), whatever changed the
 *    facts;
 * 2. records, per address, one mail telling of every moment due for it,
 *    marking those moments handled in the same transaction (a follow's
 *    moments are advanced only if still as read, so no moment is recorded
 *    twice, with one server or two);
 * 3. sends the recorded mails through the newsletter's pooled transport
 *    (its rate, RFC 8058 headers, the outbox without a mail server), each
 *    claimed for a lease; a mail is marked sent right after the SMTP server
 *    took it, so only those in flight when a server dies can go out twice,
 *    with the same Message-ID (the newsletter's bound);
 * 4. comes back when the clock next makes a moment due, and at least every
 *    minute, for facts that change without the clock.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { fundingLine } from '../../common/campaign.ts';
import { alertSubject, momentLine, momentsDue, nextMomentAt, readMoments, writeMoments, type FollowMoment } from '../../common/follow.ts';
import { GO_PATH_PREFIX } from '../../common/outbound.ts';
import { siteOrigin, type Config } from '../config.ts';
import { nowSeconds, type Engine } from '../db/database.ts';
import { findCampaigns, factsOf } from '../db/queries/campaigns.ts';
import {
  advanceFollow,
  claimAlerts,
  extendAlertLease,
  findFollowsByIds,
  hasFollowing,
  insertAlert,
  listFollowing,
  nextAlertDue,
  recordAlert,
  type ClaimedAlert,
  type FollowToCheck,
} from '../db/queries/follows.ts';
import type { Database } from '../db/schema.ts';
import type { JobKind, Jobs } from '../jobs/jobs.ts';
import { classifySendError, createNewsletterTransport, describeSendError, type NewsletterTransport } from '../newsletter/transport.ts';
import type { SiteProfileCache } from '../site-profile.ts';
import { followLinks, followUnsubscribeUrl } from './links.ts';

/** Facts that change without the clock (an edit, a refresh) are seen within this long. */
const RECHECK_SECONDS = 60;
const READ_BATCH = 500;
const SEND_BATCH = 50;
const LEASE_SECONDS = 60;
/** A mail that could not be delivered for this long is given up. */
const RETRY_FOR_SECONDS = 24 * 60 * 60;
const JOB_KEY = 'follow-alerts';

export interface FollowAlertsDeps {
  db: Kysely<Database>;
  engine: Engine;
  logger: Logger;
  jobs: Jobs;
  config: Config;
  totpEncryptionKey: Uint8Array;
  siteProfileCache: Pick<SiteProfileCache, 'siteName'>;
}

/** Deterministic per alert: a resent copy is the same message to the receiving side. */
export const alertMessageId = (alertId: number, siteUrl: string) => `<follow-alert-${alertId}@${new URL(siteUrl).hostname}>`;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

export class FollowAlerts {
  readonly job: JobKind<null>;
  private readonly links: ReturnType<typeof followLinks>;

  constructor(private readonly deps: FollowAlertsDeps) {
    this.links = followLinks(deps.totpEncryptionKey);
    // A run fails only when the database does; recorded mails keep their state.
    this.job = { name: 'follow-alerts', maxAttempts: 20, run: () => this.run() };
  }

  /** The pass, due at once (a new follow may be inside its last 48 hours); one running is left to finish. */
  async checkSoon(): Promise<void> {
    await this.deps.jobs.runSoon(this.deps.db, this.job, null, JOB_KEY);
    this.deps.jobs.wake();
  }

  /** Gives the pass its job if it has none (maintenance, at start). */
  async schedule(): Promise<void> {
    if (!(await hasFollowing(this.deps.db)) && (await nextAlertDue(this.deps.db)) === undefined) return;
    if (await this.deps.jobs.ensure(this.deps.db, this.job, null, JOB_KEY, nowSeconds())) this.deps.jobs.wake();
  }

  private async run(): Promise<{ runAgainAt: number } | undefined> {
    const next = await this.recordDue();
    await this.sendRecorded();
    const now = nowSeconds();
    const pending = await nextAlertDue(this.deps.db);
    const candidates = [next, pending].filter((at): at is number => at !== null && at !== undefined);
    if (candidates.length === 0 && !(await hasFollowing(this.deps.db))) return undefined;
    return { runAgainAt: Math.max(now, Math.min(now + RECHECK_SECONDS, ...candidates)) };
  }

  /** Steps 1 and 2: the mails due now, recorded; answers when the clock next makes one due. */
  private async recordDue(): Promise<number | null> {
    const { db } = this.deps;
    const now = nowSeconds();
    let next: number | null = null;
    const byEmail = new Map<string, { follow: FollowToCheck; send: FollowMoment[]; done: string; ends: boolean }[]>();
    let afterId = 0;
    for (;;) {
      const batch = await listFollowing(db, afterId, READ_BATCH);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]?.id ?? afterId;
      for (const follow of batch) {
        const done = readMoments(follow.moments_done);
        const due = momentsDue(follow.facts, now, done);
        const handled = new Set([...done, ...due.send, ...due.skip]);
        if (due.send.length === 0 && due.skip.length === 0 && !due.ends) {
          const at = follow.facts ? nextMomentAt(follow.facts, now, done) : null;
          if (at !== null && (next === null || at < next)) next = at;
          continue;
        }
        if (due.send.length === 0) {
          await advanceFollow(db, follow, writeMoments(handled), due.ends ? { via: follow.facts ? 'campaign-over' : 'campaign-removed', now } : null);
          continue;
        }
        const list = byEmail.get(follow.email) ?? [];
        list.push({ follow, send: due.send, done: writeMoments(handled), ends: due.ends });
        byEmail.set(follow.email, list);
      }
    }
    for (const [email, entries] of byEmail) {
      await db.transaction().execute(async (trx) => {
        const items: { followId: number; postId: number; moment: FollowMoment }[] = [];
        for (const entry of entries) {
          // Handled meanwhile by another pass: that one tells of it.
          if (!(await advanceFollow(trx, entry.follow, entry.done, entry.ends ? { via: 'last-alert', now } : null))) continue;
          for (const moment of entry.send) items.push({ followId: entry.follow.id, postId: entry.follow.post_id, moment });
        }
        if (items.length > 0) await insertAlert(trx, email, items, now);
      });
    }
    return next;
  }

  /** Step 3: every recorded mail due, sent. */
  private async sendRecorded(): Promise<void> {
    const { db, engine, jobs, config } = this.deps;
    const siteUrl = siteOrigin(config);
    let transport: NewsletterTransport | null = null;
    try {
      for (;;) {
        const now = nowSeconds();
        const batch = await claimAlerts(db, engine, { worker: jobs.worker, limit: SEND_BATCH, now, lockedUntil: now + LEASE_SECONDS });
        if (batch.length === 0) return;
        transport ??= createNewsletterTransport(config, db, this.deps.siteProfileCache, 'follow_alert');
        const sending = transport;
        const inFlight = new Set(batch.map((alert) => alert.id));
        const renew = setInterval(() => {
          void extendAlertLease(db, [...inFlight], jobs.worker, nowSeconds() + LEASE_SECONDS).catch(() => {});
        }, (LEASE_SECONDS * 1000) / 3);
        renew.unref();
        try {
          await Promise.all(
            batch.map(async (alert) => {
              await recordAlert(db, alert.id, jobs.worker, await this.deliver(alert, sending, siteUrl), nowSeconds());
              inFlight.delete(alert.id);
            }),
          );
        } finally {
          clearInterval(renew);
        }
      }
    } finally {
      transport?.close();
    }
  }

  private async deliver(
    alert: ClaimedAlert,
    transport: NewsletterTransport,
    siteUrl: string,
  ): Promise<{ status: 'sent' } | { status: 'failed'; error: string } | { status: 'retry'; error: string; at: number }> {
    const { db, logger } = this.deps;
    const postIds = [...new Set(alert.items.map((item) => item.post_id))];
    const [posts, campaigns, follows] = await Promise.all([
      postIds.length === 0 ? [] : db.selectFrom('posts').select(['id', 'title', 'slug']).where('id', 'in', postIds).execute(),
      findCampaigns(db, postIds),
      findFollowsByIds(db, [...new Set(alert.items.map((item) => item.follow_id))]),
    ]);
    const postOf = new Map(posts.map((post) => [post.id, post]));
    const paragraphs: { line: string; postUrl: string; campaignUrl: string; funding: string | null }[] = [];
    const subjectItems: { moment: FollowMoment; title: string }[] = [];
    for (const postId of postIds) {
      const post = postOf.get(postId);
      const campaign = campaigns.get(postId);
      if (!post || !campaign) continue;
      const facts = factsOf(campaign);
      const moments = alert.items.filter((item) => item.post_id === postId).map((item) => item.moment);
      for (const moment of moments) subjectItems.push({ moment, title: post.title });
      const funding = fundingLine(facts);
      paragraphs.push({
        line: moments.map((moment) => momentLine(moment, post.title, facts)).join(' '),
        postUrl: `${siteUrl}/${post.slug}`,
        campaignUrl: `${siteUrl}${GO_PATH_PREFIX}${post.slug}`,
        funding,
      });
    }
    // Its posts were deleted since: nothing left to tell.
    if (paragraphs.length === 0 || follows.length === 0) return { status: 'failed', error: 'nothing left to tell of' };
    const followIds = follows.map((follow) => follow.id).sort((a, b) => a - b);
    const unsubscribeUrl = followUnsubscribeUrl(siteUrl, this.links.these(followIds));
    const leaveAllUrl = followUnsubscribeUrl(siteUrl, this.links.address(followIds[0] ?? 0));
    const siteName = await this.deps.siteProfileCache.siteName();
    const text =
      paragraphs.map((p) => `${p.line}${p.funding ? `\n${p.funding}` : ''}\nOur review: ${p.postUrl}\nThe campaign: ${p.campaignUrl}`).join('\n\n') +
      `\n\n--\nYou follow ${paragraphs.length === 1 ? 'this campaign' : 'these campaigns'} on ${siteName}.` +
      `\nStop following ${paragraphs.length === 1 ? 'it' : 'them'}: ${unsubscribeUrl}` +
      `\nStop following every campaign: ${leaveAllUrl}\n`;
    const html =
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
      paragraphs
        .map(
          (p) =>
            `<p>${escapeHtml(p.line)}${p.funding ? `<br>${escapeHtml(p.funding)}` : ''}<br>` +
            `<a href="${escapeHtml(p.postUrl)}">Our review</a> · <a href="${escapeHtml(p.campaignUrl)}">The campaign</a></p>`,
        )
        .join('') +
      `<hr><p style="font-size:small">You follow ${paragraphs.length === 1 ? 'this campaign' : 'these campaigns'} on ${escapeHtml(siteName)}. ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Stop following ${paragraphs.length === 1 ? 'it' : 'them'}</a> · ` +
      `<a href="${escapeHtml(leaveAllUrl)}">Stop following every campaign</a></p></body></html>`;
    try {
      await transport.send({
        to: alert.email,
        subject: alertSubject(subjectItems),
        html,
        text,
        messageId: alertMessageId(alert.id, siteUrl),
        unsubscribeUrl,
      });
      return { status: 'sent' };
    } catch (error) {
      const reason = describeSendError(error);
      const now = nowSeconds();
      if (classifySendError(error) === 'bounce' || now - alert.created_at >= RETRY_FOR_SECONDS) {
        logger.info({ alert: alert.id, reason }, 'follow alert: given up');
        return { status: 'failed', error: reason };
      }
      logger.warn({ alert: alert.id, attempt: alert.attempts, reason }, 'follow alert: will retry');
      return { status: 'retry', error: reason, at: now + Math.min(60 * 4 ** (alert.attempts - 1), 6 * 60 * 60) };
    }
  }
}
