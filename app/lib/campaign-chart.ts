/**
 * The pledged-over-time chart of a post's campaign, as numbers and words:
 * which snapshots it draws, where each lands in the drawing, and the trend
 * said in a sentence for readers who do not see the drawing. The component
 * (components/campaign-chart.tsx) only draws what these return, so the
 * page's loader and the component agree on the same few points.
 */
import { formatDayMonth, formatWholeAmount } from '../../common/campaign.ts';

/** One snapshot as the chart needs it: when, and how much was pledged (minor units). */
export interface PledgedPoint {
  at: number;
  pledged: number;
}

/**
 * The most points the chart draws (decision 064): enough for the line's
 * shape at any width a post column has, few enough that a campaign with
 * hundreds of snapshots adds a few hundred bytes to its page, not kilobytes.
 */
export const CHART_MAX_POINTS = 60;

/**
 * At most `max` of `points` (sorted by time), keeping the first and the
 * last, and in each stretch between them the point that bends the line the
 * most ("largest triangle three buckets"): a jump in pledges stays visible
 * where picking every n-th point could step over it. With a goal, the
 * first point at or above it is kept too, so the chart and its summary say
 * the day the campaign funded.
 */
export function downsamplePoints<Point extends PledgedPoint>(
  points: readonly Point[],
  { max = CHART_MAX_POINTS, goal = null }: { max?: number; goal?: number | null } = {},
): Point[] {
  if (points.length <= max) return points.slice();
  const first = points[0] as Point;
  const last = points[points.length - 1] as Point;
  if (max <= 2) return [first, last];
  const kept: Point[] = [first];
  // The points between the first and the last, shared out over max - 2 buckets (more than one point each).
  const bucketSize = (points.length - 2) / (max - 2);
  const reached = goal !== null && goal > 0 ? points.find((point) => point.pledged >= goal) : undefined;
  let previous = first;
  for (let bucket = 0; bucket < max - 2; bucket++) {
    // The triangle's third corner: the average of the next bucket (after the final bucket, the last point).
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, points.length);
    let averageAt = 0;
    let averagePledged = 0;
    for (let index = nextStart; index < nextEnd; index++) {
      averageAt += (points[index] as Point).at;
      averagePledged += (points[index] as Point).pledged;
    }
    averageAt /= nextEnd - nextStart;
    averagePledged /= nextEnd - nextStart;
    const start = Math.floor(bucket * bucketSize) + 1;
    let chosen = points[start] as Point;
    let largest = -1;
    for (let index = start; index < nextStart; index++) {
      const point = points[index] as Point;
      if (point === reached) {
        chosen = point;
        break;
      }
      const area = Math.abs(
        (previous.at - averageAt) * (point.pledged - previous.pledged) - (previous.at - point.at) * (averagePledged - previous.pledged),
      );
      if (area > largest) {
        largest = area;
        chosen = point;
      }
    }
    kept.push(chosen);
    previous = chosen;
  }
  kept.push(last);
  return kept;
}

/** The drawing's own units: the SVG's viewBox is this wide and high, and scales with its container. */
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 160;
/** Room above the highest of the line and the goal, so neither touches the edge. */
const HEADROOM = 0.1;

export interface ChartGeometry {
  /** The line, as an SVG `points` list in the drawing's units. */
  line: string;
  /** The goal line's height in the drawing's units; null without a goal. */
  goalY: number | null;
}

/**
 * Where the points and the goal land in a CHART_WIDTH × CHART_HEIGHT
 * drawing: time runs left to right from the first point to the last,
 * pledged from zero at the bottom to a little above the larger of the
 * highest point and the goal. Whole units: a finer line is not visible and
 * costs bytes.
 */
export function chartGeometry(points: readonly PledgedPoint[], goal: number | null): ChartGeometry {
  const first = points[0]?.at ?? 0;
  const span = Math.max(1, (points[points.length - 1]?.at ?? first) - first);
  const top = Math.max(1, goal ?? 0, ...points.map((point) => point.pledged)) * (1 + HEADROOM);
  const yOf = (pledged: number) => Math.round(CHART_HEIGHT - (pledged / top) * CHART_HEIGHT);
  const line = points.map((point) => `${Math.round(((point.at - first) / span) * CHART_WIDTH)},${yOf(point.pledged)}`).join(' ');
  return { line, goalY: goal !== null && goal > 0 ? yOf(goal) : null };
}

/**
 * The trend in one sentence: "Pledged rose from $1,200 to $48,210 between
 * 3 Nov and 28 Nov; goal $20,000". Dates on the site's clocks.
 */
export function trendSentence(points: readonly PledgedPoint[], goal: number | null, currency: string, timeZone: string): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const amount = (value: number) => formatWholeAmount(value, currency);
  const between = `between ${formatDayMonth(first.at, timeZone)} and ${formatDayMonth(last.at, timeZone)}`;
  const change =
    last.pledged > first.pledged
      ? `Pledged rose from ${amount(first.pledged)} to ${amount(last.pledged)} ${between}`
      : last.pledged < first.pledged
        ? `Pledged fell from ${amount(first.pledged)} to ${amount(last.pledged)} ${between}`
        : `Pledged stayed at ${amount(last.pledged)} ${between}`;
  return goal !== null && goal > 0 ? `${change}; goal ${amount(goal)}` : change;
}

/**
 * When the pledges first reached the goal, among the points; null when
 * they never did (or there is no goal).
 */
export function goalReachedAt(points: readonly PledgedPoint[], goal: number | null): number | null {
  if (goal === null || goal <= 0) return null;
  return points.find((point) => point.pledged >= goal)?.at ?? null;
}

/**
 * A thinned-out history as the page's data carries it: two columns rather
 * than an object per point, and times as seconds after the first, which
 * roughly halves what each point costs in the hydration data of the page.
 */
export interface PackedHistory {
  /** The first point's time (Unix seconds). */
  start: number;
  /** Each point's time, in seconds after `start`. */
  offsets: number[];
  /** Each point's pledged amount, minor units. */
  pledged: number[];
}

export function packHistory(points: readonly PledgedPoint[]): PackedHistory {
  const start = points[0]?.at ?? 0;
  return { start, offsets: points.map((point) => point.at - start), pledged: points.map((point) => point.pledged) };
}

export function unpackHistory(history: PackedHistory): PledgedPoint[] {
  return history.offsets.map((offset, index) => ({ at: history.start + offset, pledged: history.pledged[index] ?? 0 }));
}

/** What the post page shows of a campaign's trend, as its loader hands it over. */
export interface CampaignTrend {
  /** Already thinned out to CHART_MAX_POINTS. */
  history: PackedHistory;
  goal: number | null;
  currency: string;
  /** The site's clocks, for the chart's dates. */
  timeZone: string;
  /** Minor units a day still needed to fund, while live and short of the goal; else null. */
  neededPerDay: number | null;
}
