import { useId } from 'react';

/** One day of a page's audience, as the roll-ups keep it: a calendar day of the site's time zone. */
export interface AudienceDay {
  date: string;
  views: number;
  visitors: number;
}

const WIDTH = 720;
const HEIGHT = 180;
/** The widest a day's slot gets: one day or a few are bars, not a block filling the frame. */
export const MAX_SLOT = 48;
/** Up to this many days, each bar carries its date under it. */
const LABELLED_DAYS = 14;
const LABEL_BAND = 22;

/**
 * Views and visitors by day, drawn on the server as SVG bars: each day a
 * bar of views with its visitors as a narrower bar inside it, at most
 * MAX_SLOT wide, so a single day is one bar beside empty space. A few days
 * carry their dates under their bars. It scales with its column (viewBox)
 * and needs no script. The drawing is one image to assistive technology,
 * named by its range, its time zone and its busiest day; the numbers
 * themselves belong in a table next to it, which the page shows.
 */
export function DailyAudienceChart({ days, label, timeZone }: { days: readonly AudienceDay[]; label: string; timeZone: string }) {
  const titleId = useId();
  if (days.length === 0) return null;
  const first = days[0] as AudienceDay;
  const last = days[days.length - 1] as AudienceDay;
  const highest = Math.max(1, ...days.map((day) => day.views));
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best), first);
  const slot = Math.min(MAX_SLOT, WIDTH / days.length);
  const isLabelled = days.length <= LABELLED_DAYS;
  const base = isLabelled ? HEIGHT - LABEL_BAND : HEIGHT;
  const heightOf = (value: number) => (value / highest) * (base - 4);
  const range = first.date === last.date ? first.date : `${first.date} to ${last.date}`;
  const name =
    busiest.views === 0
      ? `${label}, ${range} (${timeZone}): no views yet`
      : `${label}, ${range} (${timeZone}): the busiest day was ${busiest.date}, with ${count(busiest.views)} views and ${count(busiest.visitors)} visitors`;
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
              <rect x={x + slot * 0.1} y={base - views} width={Math.max(1, slot * 0.8)} height={views} className="fill-primary/30" />
              <rect x={x + slot * 0.3} y={base - visitors} width={Math.max(1, slot * 0.4)} height={visitors} className="fill-primary" />
              {isLabelled ? (
                <text x={x + slot / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption aria-hidden="true" className="mt-1 flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground">
        <span>{range}</span>
        <span className="inline-flex items-center gap-3">
          <span className="inline-flex items-center gap-1">
            <span className="audience-chart-key audience-chart-key-views inline-block size-3 bg-primary/30" /> Views
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="audience-chart-key inline-block size-3 bg-primary" /> Visitors
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

const count = (value: number) => value.toLocaleString('en-US');
