import { useId } from 'react';
import { formatDayMonth, formatWholeAmount } from '../../common/campaign.ts';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartGeometry,
  downsamplePoints,
  goalReachedAt,
  trendSentence,
  type PledgedPoint,
} from '../lib/campaign-chart.ts';
import { cx } from '../lib/cx.ts';

/**
 * A campaign's pledges over time, drawn on the server as SVG: the line of
 * pledged amounts and the goal as a dashed line. It scales with its column
 * (viewBox, fixed aspect ratio: nothing shifts) and needs no script. The
 * drawing is one image to assistive technology, named by the trend in words,
 * with a short summary after it; fewer than two points draw nothing.
 */
export function CampaignChart({
  points,
  goal,
  currency,
  timeZone,
  className,
}: {
  /** Sorted by time; more than CHART_MAX_POINTS are thinned out (decision 064). */
  points: readonly PledgedPoint[];
  goal: number | null;
  currency: string;
  /** The site's clocks, for the dates. */
  timeZone: string;
  className?: string;
}) {
  const titleId = useId();
  if (points.length < 2) return null;
  const drawn = downsamplePoints(points, { goal });
  const first = drawn[0] as PledgedPoint;
  const last = drawn[drawn.length - 1] as PledgedPoint;
  const { line, goalY } = chartGeometry(drawn, goal);
  const amount = (value: number) => formatWholeAmount(value, currency);
  const target = goal !== null && goal > 0 ? goal : null;
  return (
    <figure className={cx('mt-8', className)}>
      <figcaption className="text-sm font-medium">Pledged over time</figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        className="mt-2 h-auto w-full overflow-visible border-b border-border"
      >
        <title id={titleId}>{trendSentence(drawn, goal, currency, timeZone)}</title>
        {goalY !== null ? (
          <line x1="0" x2={CHART_WIDTH} y1={goalY} y2={goalY} stroke="currentColor" strokeDasharray="8 6" className="text-muted-foreground" />
        ) : null}
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
          className="text-primary"
        />
      </svg>
      <p aria-hidden="true" className="mt-1 flex justify-between gap-4 text-xs text-muted-foreground">
        <span>{formatDayMonth(first.at, timeZone)}</span>
        {target === null ? null : (
          <span className="inline-flex items-center gap-1.5">
            <span className="w-4 border-t-2 border-dashed border-current" />
            {`Goal ${amount(target)}`}
          </span>
        )}
        <span>{formatDayMonth(last.at, timeZone)}</span>
      </p>
      <p className="sr-only">{summaryOf(drawn, target, currency, timeZone)}</p>
    </figure>
  );
}

/** "$1,200 on 3 Nov, $48,210 on 28 Nov. The goal of $20,000 was reached on 15 Nov." One string: one text node. */
function summaryOf(points: readonly PledgedPoint[], goal: number | null, currency: string, timeZone: string): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const amount = (value: number) => formatWholeAmount(value, currency);
  const span = `${amount(first.pledged)} on ${formatDayMonth(first.at, timeZone)}, ${amount(last.pledged)} on ${formatDayMonth(last.at, timeZone)}.`;
  if (goal === null) return span;
  const reachedAt = goalReachedAt(points, goal);
  return reachedAt === null
    ? `${span} Not yet at the goal of ${amount(goal)}.`
    : `${span} The goal of ${amount(goal)} was reached on ${formatDayMonth(reachedAt, timeZone)}.`;
}
