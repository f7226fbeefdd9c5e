import { Form, Link } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { DailyAudienceChart } from '../../components/daily-audience-chart.tsx';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { audienceCsv } from '../../lib/audience-csv.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import type { AnalyticsNowJson, AnalyticsReportJson } from '../../../common/answers.ts';
import { addDays } from '../../../common/calendar-days.ts';
import type { Route } from './+types/analytics';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** A country's English name from its ISO code (the code itself when the browser cannot name it). */
function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export const meta = adminPageMeta('Audience numbers');

/** The ranges offered, in days back from today, today included. */
const RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '12 months' },
] as const;

const HONEST_LABEL = 'visitors are counted per day; totals over several days add daily visitors';

/** The calendar day `count` days before `day` (`YYYY-MM-DD`). */

/** The range asked for, ending today on the site's calendar (the server's `today`) unless chosen. */
function rangeOf(request: Request, today: string) {
  const params = new URL(request.url).searchParams;
  const days = Number(params.get('days') ?? '30');
  const from = params.get('from')?.trim() || addDays(today, 1 - (RANGES.some((r) => r.days === days) ? days : 30));
  const to = params.get('to')?.trim() || today;
  const path = params.get('path')?.trim() ?? '';
  return { from, to, path, days: params.has('from') ? null : days };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return withAdminSession(async () => {
    // First: today is the site's day, which only the server knows (decision 085).
    const now = await api.get<AnalyticsNowJson>('/admin/analytics/now');
    const range = rangeOf(request, now.today);
    try {
      const report = await api.get<AnalyticsReportJson>('/admin/analytics', { from: range.from, to: range.to, path: range.path || undefined });
      return { range, report, now: now.visitors, problem: null };
    } catch (error) {
      // A range the server refuses is shown with the form, to be corrected there.
      if (error instanceof ApiRequestError && error.status === 400) return { range, report: null, now: null, problem: error.message };
      throw error;
    }
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminAudienceNumbers({ loaderData }: Route.ComponentProps) {
  const { range, report, now, problem } = loaderData;
  // The roll-ups count the site's days (decision 085).
  const timeZone = useSiteTimeZone();
  const narrowed = range.path ? `&path=${encodeURIComponent(range.path)}` : '';
  const counted = report !== null && (report.totals.views > 0 || report.pages.length > 0);
  return (
    <>
      <AdminPageHeader title={range.path ? `Audience numbers of ${range.path}` : 'Audience numbers'} />
      <nav aria-label="Range" className="mb-4 flex flex-wrap gap-2">
        {RANGES.map((option) => (
          <Button key={option.days} asChild variant={range.days === option.days ? 'default' : 'outline'} size="sm">
            <Link to={`?days=${option.days}${narrowed}`} aria-current={range.days === option.days ? 'page' : undefined}>
              {option.label}
            </Link>
          </Button>
        ))}
      </nav>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="analytics-from">From ({timeZone})</Label>
          <Input id="analytics-from" type="date" name="from" defaultValue={range.from} required />
        </div>
        <div>
          <Label htmlFor="analytics-to">To ({timeZone})</Label>
          <Input id="analytics-to" type="date" name="to" defaultValue={range.to} required />
        </div>
        {range.path ? <input type="hidden" name="path" value={range.path} /> : null}
        <Button type="submit">Show</Button>
      </Form>
      {problem ? (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <p className="mb-2">
        Visitors now (last 5 minutes): <strong>{now ?? '–'}</strong>
      </p>
      <p className="mb-4 text-sm text-muted-foreground">Note: {HONEST_LABEL}.</p>
      {report === null ? null : !counted ? (
        <p>Nothing has been counted in this range yet. Page views appear here within seconds of the first visits.</p>
      ) : (
        <>
          <section aria-labelledby="analytics-totals" className="mb-6">
            <h2 id="analytics-totals" className="text-lg font-semibold">
              {report.totals.views.toLocaleString('en')} views, {report.totals.visitors.toLocaleString('en')} visitors
            </h2>
            <DaysChart days={report.days} />
            <a
              className="underline"
              download={`audience-numbers-${range.from}-${range.to}.csv`}
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(audienceCsv(report))}`}
            >
              Download the days and pages as CSV
            </a>
          </section>
          <CountTable title="Top pages" first="Page" rows={report.pages.slice(0, 50).map((row) => [row.path, row.views, row.visitors])} />
          <CountTable title="Sources" first="Source" rows={report.sources.map((row) => [row.source, row.visits])} only="Visits" />
          <CountTable
            title="UTM campaigns"
            first="Source / medium / campaign"
            rows={report.campaigns.map((row) => [`${row.utm_source} / ${row.utm_medium} / ${row.utm_campaign}`, row.visits])}
            only="Visits"
          />
          <CountTable title="Countries (approximate)" first="Country" rows={report.countries.map((row) => [countryName(row.country), row.views, row.visitors])} />
          <CountTable title="Devices" first="Device" rows={report.devices.map((row) => [row.device, row.views, row.visitors])} />
          <CountTable title="Browsers" first="Browser" rows={report.browsers.map((row) => [row.browser, row.views, row.visitors])} />
          <CountTable title="Operating systems" first="System" rows={report.os.map((row) => [row.os, row.views, row.visitors])} />
          <CountTable title="Outbound clicks" first="Post" rows={report.outbound.map((row) => [`/${row.post_slug}`, row.clicks])} only="Clicks" />
        </>
      )}
    </>
  );
}

/** Views and visitors per day as the shared server-drawn chart; the same numbers as a table below it for screen readers and copying. */
function DaysChart({ days }: { days: AnalyticsReportJson['days'] }) {
  const timeZone = useSiteTimeZone();
  return (
    <div className="my-4">
      <DailyAudienceChart days={days} label="Views and visitors per day" timeZone={timeZone} />
      <details className="mt-2">
        <summary>Views and visitors by day, as a table</summary>
        <Table>
          <caption className="sr-only">Views and visitors by day</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Views</TableHead>
              <TableHead>Visitors</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{day.date}</TableCell>
                <TableCell>{day.views}</TableCell>
                <TableCell>{day.visitors}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </div>
  );
}

/** One list of the screen as a table: its first column names the row, then views and visitors, or one count. */
function CountTable({ title, first, rows, only }: { title: string; first: string; rows: (string | number)[][]; only?: string }) {
  const id = `analytics-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">None in this range.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{first}</TableHead>
              {only ? <TableHead>{only}</TableHead> : (
                <>
                  <TableHead>Views</TableHead>
                  <TableHead>Visitors</TableHead>
                </>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(([name, ...numbers]) => (
              <TableRow key={String(name)}>
                <TableCell>{name}</TableCell>
                {numbers.map((n, i) => (
                  <TableCell key={i}>{Number(n).toLocaleString('en')}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
