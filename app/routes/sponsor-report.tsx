import type { ReactNode } from 'react';
import { data } from 'react-router';
import type { SponsorReportJson } from '../../common/answers.ts';
import { formatSiteDateTime } from '../../common/site-time.ts';
import { DailyAudienceChart } from '../components/daily-audience-chart.tsx';
import { PrivateLinkError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { openSponsorReport, SPONSOR_REPORT_HEADERS } from '../server/sponsor-report.server.ts';
import { mailCount } from '../lib/mail-delivery.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/sponsor-report';

/** /sponsor-report/{token}: the sponsor's private report of their post (decision 068), while the link is not revoked. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return data(await openSponsorReport(context, params.token), { headers: SPONSOR_REPORT_HEADERS });
}

export function headers() {
  return SPONSOR_REPORT_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Report: ${loaderData.report.post.title}` : 'Link not found';
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex, nofollow' }];
}

const count = (value: number) => value.toLocaleString('en-US');
const cell = 'border-b border-border px-3 py-2';
const numberCell = `${cell} text-right tabular-nums`;

export default function SponsorReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  // The report's own zone: its days were counted on it (decision 085).
  const timeZone = report.time_zone;
  const { post, totals } = report;
  const totalRows: [string, number][] = [
    ['Views', totals.views],
    ['Visitors', totals.visitors],
    ['Clicks to the campaign', totals.outbound_clicks],
    ['Newsletter clicks', totals.newsletter_clicks],
    ['Share clicks', totals.share_clicks],
    ['Readers following the campaign', totals.followers],
    ['Alert mails sent to them', totals.follow_alert_mails],
  ];

  return (
    <div className="sponsor-report mx-auto max-w-3xl">
      <PageHeader title="Your sponsored post's report">
        <p>
          For{' '}
          {/* A full page load: the report's address is never handed to the next page. */}
          <a href={`/${post.slug}`} className="font-medium text-primary underline underline-offset-4">
            {post.title}
          </a>
          {post.published_at === null ? ', not live yet.' : `, live since ${formatSiteDateTime(post.published_at, timeZone)}.`}
        </p>
      </PageHeader>

      <section aria-labelledby="report-totals" className="report-block mb-10">
        <h2 id="report-totals" className="mb-3 text-xl font-semibold">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {totalRows.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-border bg-card p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{count(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">
          Days and times are in the site&apos;s time zone, {timeZone}; visitors are counted per day; totals over several days add daily visitors. Nothing about
          individual people is kept or shown.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          The numbers are counted without cookies and cannot tell people apart exactly: readers who share an address and a browser count as one visitor,
          one reader on two devices as two, and each address counts one click a day per kind of link.
        </p>
      </section>

      <section aria-labelledby="report-days" className="mb-10">
        <h2 id="report-days" className="text-xl font-semibold">
          By day
        </h2>
        <DailyAudienceChart days={report.days} label="Views and visitors of the post by day" timeZone={timeZone} />
        <DaysTable days={report.days} timeZone={timeZone} />
      </section>

      <section aria-labelledby="report-newsletters" className="report-block mb-10">
        <h2 id="report-newsletters" className="mb-3 text-xl font-semibold">
          Newsletter issues
        </h2>
        {report.newsletters.length === 0 ? (
          <p className="text-sm text-muted-foreground">No newsletter issue has carried the post yet.</p>
        ) : (
          <ScrollTable label="The newsletter issues that carried the post">
            <table className="w-full text-sm">
              <caption className="sr-only">The newsletter issues that carried the post</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${cell} text-left`}>Subject</th>
                  <th scope="col" className={`${cell} text-left`}>Sent</th>
                  <th scope="col" className={`${cell} text-right`}>Mails</th>
                  <th scope="col" className={`${cell} text-right`}>Clicks to the post</th>
                </tr>
              </thead>
              <tbody>
                {report.newsletters.map((issue, index) => (
                  <tr key={`${issue.sent_at ?? 'unsent'}-${index}`}>
                    <th scope="row" className={`${cell} text-left font-normal`}>{issue.subject}</th>
                    <td className={cell}>{issue.sent_at === null ? 'Not sent' : formatSiteDateTime(issue.sent_at, timeZone)}</td>
                    <td className={numberCell}>{mailCount(issue.mails, report.mail_delivery)}</td>
                    <td className={numberCell}>{count(issue.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </section>

      <div className="grid gap-10 sm:grid-cols-2">
        <CountList
          id="report-shares"
          title="Share clicks by network"
          caption="Share clicks by network, most first"
          first="Network"
          rows={report.shares.map((row) => [row.network, row.clicks])}
          only="Clicks"
          empty="No share clicks yet."
        />
        <CountList
          id="report-sources"
          title="Top sources"
          caption="Where the post's views came from, most views first"
          first="Source"
          rows={report.sources.map((row) => [row.source === '' ? 'Direct or unknown' : row.source, row.views])}
          only="Views"
          empty="No views yet."
        />
      </div>
    </div>
  );
}

/**
 * A table that keeps every column on a narrow screen: it scrolls sideways
 * inside its own frame (reachable by keyboard too) instead of being cut off
 * by the page.
 */
function ScrollTable({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`report-table max-w-full overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}

function DaysTable({ days, timeZone }: { days: SponsorReportJson['days']; timeZone: string }) {
  return (
    <ScrollTable label="Numbers by day" className="report-block mt-6">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-sm text-muted-foreground">Views, visitors and clicks to the campaign by day ({timeZone}), oldest first</caption>
        <thead>
          <tr>
            <th scope="col" className={`${cell} text-left`}>Day</th>
            <th scope="col" className={`${cell} text-right`}>Views</th>
            <th scope="col" className={`${cell} text-right`}>Visitors</th>
            <th scope="col" className={`${cell} text-right`}>Clicks to the campaign</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className={`${cell} text-left font-normal tabular-nums`}>{day.date}</th>
              <td className={numberCell}>{count(day.views)}</td>
              <td className={numberCell}>{count(day.visitors)}</td>
              <td className={numberCell}>{count(day.outbound_clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function CountList({
  id,
  title,
  caption,
  first,
  rows,
  only,
  empty,
}: {
  id: string;
  title: string;
  caption: string;
  first: string;
  rows: [string, number][];
  only: string;
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="report-block min-w-0">
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ScrollTable label={caption}>
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} text-left`}>{first}</th>
                <th scope="col" className={`${cell} text-right`}>{only}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row" className={`${cell} text-left font-normal`}>{name}</th>
                  <td className={numberCell}>{count(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PrivateLinkError error={error} why="It may have been replaced by a newer one or revoked." />;
}
