/**
 * The audience numbers as the back office reads them (issue 28): one range
 * of the site's days (decision 085), optionally narrowed to one page, read
 * from the roll-ups (`db/queries/analytics-reports.ts`, whose daily series
 * and whole months the sponsor report reads too); and the visitors seen in
 * the last five minutes. The post editor's audience panel reads this answer.
 */
import type { AnalyticsNowJson, AnalyticsReportJson } from '../../../common/answers.ts';
import { eachDay } from '../../../common/calendar-days.ts';
import { analyticsQuerySchema } from '../../../common/schemas/analytics.ts';
import { secondsToSiteDay } from '../../../common/site-time.ts';
import { validate } from '../../../common/validate.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  dailyOf,
  outboundByPost,
  postIdBySlug,
  sourcesOfPage,
  sumByValue,
  visitorsSeenSince,
  type CountRow,
} from '../../db/queries/analytics-reports.ts';
import type { AppDeps } from '../../deps.ts';

/** How many rows each list of the screen shows; the export of pages takes more. */
const LIST_LIMIT = 50;
const PAGES_LIMIT = 500;
/** "Visitors now": seen within this many seconds. */
const NOW_WINDOW_SECONDS = 5 * 60;

/** The slug of the post a site path addresses (`/{slug}`), or null for any other path. */
function slugOfPath(path: string): string | null {
  const slug = path.slice(1);
  return slug !== '' && !slug.includes('/') ? slug : null;
}

const counts = ({ views, visitors }: CountRow) => ({ views, visitors });

function parseCampaign(value: string): [string, string, string] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return [0, 1, 2].map((i) => (typeof parsed[i] === 'string' ? (parsed[i] as string) : '')) as [string, string, string];
  } catch {
    // A value not written as the roll-ups write it is shown as its source alone.
  }
  return [value, '', ''];
}

export function analyticsReportsService({ db, siteProfileCache }: AppDeps) {
  return {
    /** The report of GET /admin/analytics, from its query parameters. */
    async report(query: unknown): Promise<AnalyticsReportJson> {
      const { from, to, path } = validate(analyticsQuerySchema, query);
      const range = { from, to };
      const slug = path === undefined ? null : slugOfPath(path);
      const postId = slug === null ? null : await postIdBySlug(db, slug);
      const [series, pages, sources, campaigns, countries, devices, browsers, os, outbound] = await Promise.all([
        path === undefined ? dailyOf(db, 'site', '', range) : dailyOf(db, 'page', path, range),
        sumByValue(db, 'page', range, PAGES_LIMIT),
        path === undefined ? sumByValue(db, 'source', range, LIST_LIMIT) : sourcesOfPage(db, path, range, LIST_LIMIT),
        sumByValue(db, 'campaign', range, LIST_LIMIT),
        sumByValue(db, 'country', range, LIST_LIMIT),
        sumByValue(db, 'device', range, LIST_LIMIT),
        sumByValue(db, 'browser', range, LIST_LIMIT),
        sumByValue(db, 'os', range, LIST_LIMIT),
        // A path that is no post's page has no outbound clicks.
        path !== undefined && postId === null ? Promise.resolve([]) : outboundByPost(db, range, LIST_LIMIT, postId ?? undefined),
      ]);
      const byDay = new Map(series.map((row) => [row.day, row]));
      const days = eachDay(from, to).map((date) => {
        const row = byDay.get(date);
        return { date, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
      });
      return {
        totals: days.reduce((sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }), { views: 0, visitors: 0 }),
        days,
        pages: pages.map((row) => ({ path: row.value, ...counts(row) })),
        sources: sources.map((row) => ({ source: row.value, visits: row.views })),
        campaigns: campaigns.map((row) => {
          const [utm_source, utm_medium, utm_campaign] = parseCampaign(row.value);
          return { utm_source, utm_medium, utm_campaign, visits: row.views };
        }),
        countries: countries.map((row) => ({ country: row.value, ...counts(row) })),
        devices: devices.map((row) => ({ device: row.value, ...counts(row) })),
        browsers: browsers.map((row) => ({ browser: row.value, ...counts(row) })),
        os: os.map((row) => ({ os: row.value, ...counts(row) })),
        outbound: outbound.map((row) => ({ post_slug: row.slug, clicks: row.clicks })),
      };
    },

    /** Distinct visitors seen in the last five minutes. */
    async now(): Promise<AnalyticsNowJson> {
      const [visitors, profile] = await Promise.all([visitorsSeenSince(db, nowSeconds() - NOW_WINDOW_SECONDS), siteProfileCache.current()]);
      return { visitors, today: secondsToSiteDay(nowSeconds(), profile.time_zone) };
    },
  };
}

export type AnalyticsReportsService = ReturnType<typeof analyticsReportsService>;
