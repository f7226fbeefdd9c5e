import { useId } from 'react';

/** One UTC day of a page's audience, as the roll-ups keep it. */
export interface AudienceDay {
  date: string;
  views: number;
  visitors: number;
}

const WIDTH = 720;
const HEIGHT = 180;

/**
 * Views and visitors by day, drawn on the server as SVG bars: each day a
 * wide bar of views with its visitors as a narrower bar inside it. It scales
 * with its column (viewBox) and needs no script. The drawing is one image
 * to assistive technology, named by its range and its busiest day; the
 * numbers themselves belong in a table next to it, which the page shows.
 */
export function DailyAudienceChart({ days, label }: { days: readonly AudienceDay[]; label: string }) {
  const titleId = useId();
  if (days.length === 0) return null;
  const first = days[0] as AudienceDay;
  const last = days[days.length - 1] as AudienceDay;
  const highest = Math.max(1, ...days.map((day) => day.views));
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best), first);
  const slot = WIDTH / days.length;
  const heightOf = (value: number) => (value / highest) * (HEIGHT - 4);
  const name =
    busiest.views === 0
      ? `${label}, ${first.date} to ${last.date} (UTC): no views yet`
      : `${label}, ${first.date} to ${last.date} (UTC): the busiest day was ${busiest.date}, with ${count(busiest.views)} views and ${count(busiest.visitors)} visitors`;
  return (
    <figure className="audience-chart mt-4">
      <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full border-b border-border">
        <title id={titleId}>{name}</title>
        {days.map((day, index) => {
          const views = heightOf(day.views);
          const visitors = heightOf(day.visitors);
          const x = index * slot;
          return (
            <g key={day.date}>
              {/* A hover hint for the eye; assistive technology reads the drawing as one image. */}
              <title>{`${day.date}: ${count(day.views)} views, ${count(day.visitors)} visitors`}</title>
              <rect x={x + slot * 0.1} y={HEIGHT - views} width={Math.max(1, slot * 0.8)} height={views} className="fill-primary/30" />
              <rect x={x + slot * 0.3} y={HEIGHT - visitors} width={Math.max(1, slot * 0.4)} height={visitors} className="fill-primary" />
            </g>
          );
        })}
      </svg>
      <figcaption aria-hidden="true" className="mt-1 flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground">
        <span>{first.date}</span>
        <span className="inline-flex items-center gap-3">
          <span className="inline-flex items-center gap-1">
            <span className="audience-chart-key audience-chart-key-views inline-block size-3 bg-primary/30" /> Views
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="audience-chart-key inline-block size-3 bg-primary" /> Visitors
          </span>
        </span>
        <span>{last.date}</span>
      </figcaption>
    </figure>
  );
}

const count = (value: number) => value.toLocaleString('en-US');
