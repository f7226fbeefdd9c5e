/**
 * The sponsor report (decision 068): a private, revocable link per
 * sponsored submission, like the creator's update link (decision 063): 32
 * random bytes in the address, found by their SHA-256 alone, kept sealed
 * (bound to the submission) so staff can read the link again; a server
 * holding another key still opens it, and tells staff it cannot show it. The report shows the
 * post's daily roll-ups and click counts from the day it went live: nothing
 * about one person is kept, so nothing about one can be shown.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PostJson, SponsorReportJson } from '../../common/answers.ts';
import { eachDay } from '../../common/calendar-days.ts';
import { notFound } from '../../common/errors.ts';
import { secondsToSiteDay } from '../../common/site-time.ts';
import { SEALED_WITH_ANOTHER_KEY, sealerFor } from '../auth/sealing.ts';
import type { Caller } from '../auth/caller.ts';
import { siteLink } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import { findIssuesCarryingPosts } from '../db/queries/newsletters.ts';
import { clicksOfSubject, dailyOf, newsletterClicksToPost, sourcesOfPage } from '../db/queries/analytics-reports.ts';
import { clearReportLink, deliveredCounts, findReportByTokenHash, findReportLink, setReportLink } from '../db/queries/sponsor-reports.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { enforceRateLimit } from './rate-limits.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const boundTo = (submissionId: number) => `sponsored_submission:${submissionId}`;
/** base64url of 32 bytes; anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const TOP_SOURCES = 10;
const REPORT_NOT_FOUND = 'This report link is not valid: it may have been replaced or revoked';

export const sponsorReportPath = (token: string): `/${string}` => `/sponsor-report/${token}`;

export function sponsorReports(deps: Pick<AppDeps, 'config' | 'totpEncryptionKey' | 'siteProfileCache'>) {
  const sealer = sealerFor(deps.totpEncryptionKey, 'sponsor report links');
  const urlOf = (token: string) => siteLink(deps.config, sponsorReportPath(token));

  /** The submission's working link as staff read it: its address, or why this server cannot show it; both null without a link. */
  async function shown(db: Db, submissionId: number): Promise<{ url: string | null; problem: string | null }> {
    const record = await findReportLink(db, submissionId);
    if (!record) return { url: null, problem: null };
    const token = sealer.open(record.sealed, boundTo(submissionId));
    return token === null ? { url: null, problem: SEALED_WITH_ANOTHER_KEY } : { url: urlOf(token), problem: null };
  }

  return {
    /** A new link for the submission's report, replacing any before it (the old one stops working). */
    async issue(db: Db, submissionId: number): Promise<string | null> {
      const token = randomBytes(32).toString('base64url');
      const set = await setReportLink(db, submissionId, { tokenHash: hashToken(token), sealed: sealer.seal(token, boundTo(submissionId)), issuedAt: nowSeconds() });
      return set ? urlOf(token) : null;
    },

    /** Ends the link at once; false when there was none. */
    revoke: (db: Db, submissionId: number): Promise<boolean> => clearReportLink(db, submissionId),

    /** The submission a token opens; undefined for a wrong or revoked one. */
    async open(db: Db, token: string): Promise<number | undefined> {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      return (await findReportByTokenHash(db, hashToken(token)))?.submission_id;
    },

    shown,

    /** The submission's working link, null when it has none or this server cannot read it. */
    current: async (db: Db, submissionId: number): Promise<string | null> => (await shown(db, submissionId)).url,

    /**
     * The report of a post, from the day it went live up to today, both
     * included: days of the site's time zone, as the roll-ups count them
     * (decision 085).
     */
    async build(db: Db, post: Pick<PostJson, 'id' | 'slug' | 'title' | 'published_at'>): Promise<SponsorReportJson> {
      const path = `/${post.slug}`;
      const timeZone = (await deps.siteProfileCache.current()).time_zone;
      const today = secondsToSiteDay(nowSeconds(), timeZone);
      const from = post.published_at === null ? today : secondsToSiteDay(post.published_at, timeZone);
      const range = { from, to: today };
      const [pages, outbound, shares, sources, issueClicks, carrying] = await Promise.all([
        dailyOf(db, 'page', path, range),
        clicksOfSubject(db, 'outbound', post.id, range),
        clicksOfSubject(db, 'share', post.id, range),
        sourcesOfPage(db, path, range, TOP_SOURCES),
        newsletterClicksToPost(db, post.id),
        findIssuesCarryingPosts(db, [post.id]),
      ]);
      const issues = carrying.get(post.id) ?? [];
      const delivered = await deliveredCounts(db, issues.map((issue) => issue.id));
      const byDay = new Map(pages.map((row) => [row.day, row]));
      const outboundByDay = new Map<string, number>();
      for (const row of outbound) outboundByDay.set(row.day, (outboundByDay.get(row.day) ?? 0) + row.clicks);
      const sharesByNetwork = new Map<string, number>();
      for (const row of shares) sharesByNetwork.set(row.target, (sharesByNetwork.get(row.target) ?? 0) + row.clicks);
      const days = eachDay(from, today).map((date) => ({
        date,
        views: byDay.get(date)?.views ?? 0,
        visitors: byDay.get(date)?.visitors ?? 0,
        outbound_clicks: outboundByDay.get(date) ?? 0,
      }));
      const newsletters = issues.map((issue) => ({
        subject: issue.subject,
        sent_at: issue.sent_at,
        mails: delivered.get(issue.id) ?? 0,
        clicks: issueClicks.get(issue.id) ?? 0,
      }));
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      return {
        post: { slug: post.slug, title: post.title, published_at: post.published_at },
        totals: {
          views: sum(days.map((day) => day.views)),
          // A visitor of two days counts on each: the roll-ups keep no one across days.
          visitors: sum(days.map((day) => day.visitors)),
          outbound_clicks: sum(days.map((day) => day.outbound_clicks)),
          newsletter_clicks: sum(newsletters.map((issue) => issue.clicks)),
          share_clicks: sum([...sharesByNetwork.values()]),
        },
        days,
        newsletters,
        mail_delivery: deps.config.SMTP_URL ? 'smtp' : 'outbox',
        time_zone: timeZone,
        sources: sources.map((row) => ({ source: row.value, views: row.views })),
        shares: [...sharesByNetwork].map(([network, clicks]) => ({ network, clicks })).sort((a, b) => b.clicks - a.clicks || a.network.localeCompare(b.network)),
      };
    },
  };
}

export type SponsorReports = ReturnType<typeof sponsorReports>;

/** The post a report shows; undefined while the submission has none. */
export type PostOfSubmission = (submissionId: number) => Promise<PostJson | undefined>;

/** `GET /api/sponsor-report/{token}`: counted against the caller's address first, so guessing stays slow. */
export function sponsorReportReader(deps: Pick<AppDeps, 'db' | 'rateLimits'>, reports: SponsorReports, postOf: PostOfSubmission) {
  return async (token: string, caller: Caller): Promise<SponsorReportJson> => {
    await enforceRateLimit(deps.db, deps.rateLimits.sponsorReportPerIp, caller.clientIp);
    const submissionId = await reports.open(deps.db, token);
    const post = submissionId === undefined ? undefined : await postOf(submissionId);
    if (!post) throw notFound(REPORT_NOT_FOUND);
    return reports.build(deps.db, post);
  };
}
