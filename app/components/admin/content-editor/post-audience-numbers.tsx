import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AnalyticsNowJson, AnalyticsReportJson } from '../../../../common/answers.ts';
import { addDays } from '../../../../common/calendar-days.ts';
import { api } from '../../../lib/api-client.ts';
import { SettingsSection } from './settings-section.tsx';

const DAYS = 30;

type State = { kind: 'loading' } | { kind: 'shown'; report: AnalyticsReportJson } | { kind: 'hidden' };

/**
 * A live post's audience over the last 30 days: views and visitors, its top
 * sources and the clicks to its campaign, the readers following it
 * (decision 097), with a link to the full screen.
 * The editor shows it only to those who may read the numbers (`analytics`).
 */
export function PostAudienceNumbers({ slug, followers = null }: { slug: string; followers?: number | null }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const path = `/${slug}`;
  useEffect(() => {
    let current = true;
    api
      // The 30 days end today on the site's calendar, the days views are counted on (decision 085).
      .get<AnalyticsNowJson>('/admin/analytics/now')
      .then(({ today }) => api.get<AnalyticsReportJson>('/admin/analytics', { from: addDays(today, -(DAYS - 1)), to: today, path }))
      .then((report) => current && setState({ kind: 'shown', report }))
      // A failed read leaves the panel out rather than showing an error beside the form.
      .catch(() => current && setState({ kind: 'hidden' }));
    return () => {
      current = false;
    };
  }, [path]);
  if (state.kind === 'hidden') return null;
  return (
    <SettingsSection title="Audience (30 days)">
      {state.kind === 'loading' ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <div className="grid gap-2 text-sm">
          <p>
            <strong>{state.report.totals.views.toLocaleString('en')}</strong> views,{' '}
            <strong>{state.report.totals.visitors.toLocaleString('en')}</strong> visitors
          </p>
          <p className="text-muted-foreground">Note: visitors are counted per day; totals over several days add daily visitors.</p>
          <p>Campaign clicks: {(state.report.outbound[0]?.clicks ?? 0).toLocaleString('en')}</p>
          {followers !== null ? <p>Readers following the campaign: {followers.toLocaleString('en')}</p> : null}
          {state.report.sources.length > 0 ? (
            <>
              <h3 className="font-medium">Top sources</h3>
              <ul>
                {state.report.sources.slice(0, 5).map((source) => (
                  <li key={source.source}>
                    {source.source}: {source.visits.toLocaleString('en')}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Link className="underline" to={`/admin/analytics?path=${encodeURIComponent(path)}`}>
            See all audience numbers of this post
          </Link>
        </div>
      )}
    </SettingsSection>
  );
}
