/**
 * The sponsor report (decision 068): a private, revocable link per
 * sponsored submission, like the creator link (decision 063), issued,
 * opened and revoked by server/private-links/ (found by its token's hash
 * alone, kept sealed so staff can read it again). The report shows the
 * post's daily roll-ups and click counts from the day it went live: nothing
 * about one person is kept, so nothing about one can be shown.
 */
import { countAlertsSent, countFollowers } from '../../db/queries/follows.ts';
import type { PostJson, SponsorReportJson } from '../../../common/answers.ts';
import { eachDay } from '../../../common/calendar-days.ts';
import { notFound } from '../../../common/errors.ts';
import { secondsToSiteDay } from '../../../common/site-time.ts';
import type { Caller } from '../../auth/caller.ts';
import { nowSeconds } from '../../db/database.ts';
import { findIssuesCarryingPosts } from '../../db/queries/newsletters.ts';
import { clicksOfSubject, dailyOf, newsletterClicksToPost, sourcesOfPage } from '../../db/queries/analytics-reports.ts';
import { deliveredCounts } from '../../db/queries/sponsor-reports.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { sponsorReportLinks } from '../../private-links/links.ts';
import { enforceRateLimit } from '../rate-limits.ts';

const TOP_SOURCES = 10;
const REPORT_NOT_FOUND = 'This report link is not valid: it may have been replaced or revoked';


export function sponsorReportsService(deps: Pick<AppDeps, 'config' | 'totpEncryptionKey' | 'siteProfileCache'>) {
  const { issue, revoke, open, shown, current } = sponsorReportLinks(deps);

  return {
    /** The report's link: issued, revoked, opened and read back for staff and the sponsor's mails. */
    issue,
    revoke,
    open,
    shown,
    current,

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
      const [pages, outbound, shares, sources, issueClicks, carrying, followers, alertMails] = await Promise.all([
        dailyOf(db, 'page', path, range),
        clicksOfSubject(db, 'outbound', post.id, range),
        clicksOfSubject(db, 'share', post.id, range),
        sourcesOfPage(db, path, range, TOP_SOURCES),
        newsletterClicksToPost(db, post.id),
        findIssuesCarryingPosts(db, [post.id]),
        countFollowers(db, [post.id]),
        countAlertsSent(db, post.id),
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
          followers: followers.get(post.id) ?? 0,
          follow_alert_mails: alertMails,
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

export type SponsorReportsService = ReturnType<typeof sponsorReportsService>;

/** The post a report shows; undefined while the submission has none. */
export type PostOfSubmission = (submissionId: number) => Promise<PostJson | undefined>;

/** `GET /api/sponsor-report/{token}`: counted against the caller's address first, so guessing stays slow. */
export function sponsorReportReaderService(deps: Pick<AppDeps, 'db' | 'rateLimits'>, reports: SponsorReportsService, postOf: PostOfSubmission) {
  return async (token: string, caller: Caller): Promise<SponsorReportJson> => {
    await enforceRateLimit(deps.db, deps.rateLimits.sponsorReportPerIp, caller.clientIp);
    const submissionId = await reports.open(deps.db, token);
    const post = submissionId === undefined ? undefined : await postOf(submissionId);
    if (!post) throw notFound(REPORT_NOT_FOUND);
    return reports.build(deps.db, post);
  };
}
