/**
 * The campaign chart: which snapshots it draws, where the goal line lands,
 * the trend in words, and the markup a post page carries for it.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CampaignChart } from '../../app/components/campaign-chart.tsx';
import { CampaignTrend, neededPerDayText } from '../../app/components/campaign-trend.tsx';
import {
  CHART_HEIGHT,
  CHART_MAX_POINTS,
  chartGeometry,
  downsamplePoints,
  goalReachedAt,
  packHistory,
  trendSentence,
  unpackHistory,
  type PledgedPoint,
} from '../../app/lib/campaign-chart.ts';

const DAY = 86_400;
/** 3 Nov 2026, 12:00 UTC. */
const START = Date.UTC(2026, 10, 3, 12) / 1000;

/** `count` snapshots an hour apart, pledges rising by `step` cents. */
const rising = (count: number, step = 10_000): PledgedPoint[] =>
  Array.from({ length: count }, (_, index) => ({ at: START + index * 3600, pledged: 120_000 + index * step }));

/** The item at `index`, which the test knows is there. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const chart = (points: readonly PledgedPoint[], goal: number | null = 2_000_000) =>
  renderToStaticMarkup(h(CampaignChart, { points, goal, currency: 'USD', timeZone: 'UTC' }));

/** The x,y pairs of an SVG `points` list. */
const linePairs = (line: string) => line.split(' ').filter(Boolean).map((pair) => pair.split(',').map(Number));

/** The x,y pairs of the drawn line. */
const linePoints = (html: string) => linePairs(html.match(/<polyline[^>]* points="([^"]*)"/)?.[1] ?? '');

describe('thinning out the snapshots', () => {
  it('keeps every point of a short history', () => {
    const points = rising(CHART_MAX_POINTS);
    expect(downsamplePoints(points)).toEqual(points);
  });

  it('keeps at most the limit, always the first and the last, in time order', () => {
    const points = rising(200);
    const kept = downsamplePoints(points);
    expect(kept).toHaveLength(CHART_MAX_POINTS);
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points.at(-1));
    expect(kept.map((point) => point.at)).toEqual([...kept.map((point) => point.at)].sort((a, b) => a - b));
  });

  it('keeps a sudden jump that picking every n-th point would step over', () => {
    const points = rising(200, 0);
    // One snapshot of a spike, between two flat stretches.
    points[101] = { at: nth(points, 101).at, pledged: 5_000_000 };
    expect(downsamplePoints(points)).toContain(points[101]);
  });

  it('keeps the first point that reached the goal', () => {
    const points = rising(200, 1_000);
    const goal = nth(points, 139).pledged;
    const kept = downsamplePoints(points, { goal });
    expect(kept).toContain(points[139]);
    expect(goalReachedAt(kept, goal)).toBe(nth(points, 139).at);
  });

  it('keeps the two ends when asked for two points', () => {
    const points = rising(10);
    expect(downsamplePoints(points, { max: 2 })).toEqual([points[0], points[9]]);
  });
});

describe('the history in the page data', () => {
  it('packs into two columns of times after the first and amounts, and back', () => {
    const points = rising(3);
    expect(packHistory(points)).toEqual({ start: START, offsets: [0, 3600, 7200], pledged: [120_000, 130_000, 140_000] });
    expect(unpackHistory(packHistory(points))).toEqual(points);
  });
});

describe('the drawing', () => {
  it('runs the line from the left edge to the right edge, higher as pledges rise', () => {
    const { line } = chartGeometry(rising(3), 2_000_000);
    const heights = linePairs(line);
    expect(heights.map(([x]) => x)).toEqual([0, 300, 600]);
    expect(nth(nth(heights, 0), 1)).toBeGreaterThan(nth(nth(heights, 2), 1));
  });

  it('draws the goal above a line that has not reached it, below one that passed it', () => {
    const short = chartGeometry(rising(3), 2_000_000);
    const lowest = Math.min(...linePairs(short.line).map(([, y]) => y ?? 0));
    expect(short.goalY).toBeLessThan(lowest);
    const passed = chartGeometry([{ at: START, pledged: 0 }, { at: START + DAY, pledged: 4_000_000 }], 2_000_000);
    expect(passed.goalY).toBe(Math.round(CHART_HEIGHT - (2_000_000 / (4_000_000 * 1.1)) * CHART_HEIGHT));
    expect(passed.goalY).toBeGreaterThan(nth(nth(linePairs(passed.line), 1), 1));
  });

  it('has no goal line without a goal', () => {
    expect(chartGeometry(rising(3), null).goalY).toBeNull();
    expect(chart(rising(3), null)).not.toContain('<line');
  });
});

describe('the trend in words', () => {
  it('says how pledges moved, between which days, and the goal', () => {
    const points = [
      { at: START, pledged: 120_000 },
      { at: START + 25 * DAY, pledged: 4_821_000 },
    ];
    expect(trendSentence(points, 2_000_000, 'USD', 'UTC')).toBe('Pledged rose from $1,200 to $48,210 between 3 Nov and 28 Nov; goal $20,000');
    expect(trendSentence([...points].reverse().map((point, index) => ({ ...point, at: START + index * DAY })), null, 'EUR', 'UTC')).toBe(
      'Pledged fell from €48,210 to €1,200 between 3 Nov and 4 Nov',
    );
    expect(trendSentence([nth(points, 0), { at: START + DAY, pledged: 120_000 }], null, 'USD', 'UTC')).toBe(
      'Pledged stayed at $1,200 between 3 Nov and 4 Nov',
    );
  });

  it("dates the days on the site's clocks", () => {
    // 23:30 UTC on 3 Nov is already 4 Nov in Berlin.
    const late = [
      { at: Date.UTC(2026, 10, 3, 23, 30) / 1000, pledged: 100 },
      { at: Date.UTC(2026, 10, 5, 12) / 1000, pledged: 200 },
    ];
    expect(trendSentence(late, null, 'USD', 'Europe/Berlin')).toContain('between 4 Nov and 5 Nov');
  });
});

describe('the chart as a page shows it', () => {
  it('is one image named by the trend, with a summary for screen readers', () => {
    const html = chart([
      { at: START, pledged: 120_000 },
      { at: START + 12 * DAY, pledged: 2_100_000 },
      { at: START + 25 * DAY, pledged: 4_821_000 },
    ]);
    const svg = html.match(/<svg[^>]*>/)?.[0] ?? '';
    expect(svg).toContain('role="img"');
    expect(svg).toContain('viewBox="0 0 600 160"');
    const labelledBy = svg.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(html).toContain(`<title id="${labelledBy}">Pledged rose from $1,200 to $48,210 between 3 Nov and 28 Nov; goal $20,000</title>`);
    expect(html).toMatch(/<line [^>]*stroke-dasharray/);
    expect(html).toContain('class="sr-only">$1,200 on 3 Nov, $48,210 on 28 Nov. The goal of $20,000 was reached on 15 Nov.</p>');
    expect(html).not.toContain('<script');
  });

  it('says the goal is not reached yet when it is not', () => {
    expect(chart(rising(3))).toContain('Not yet at the goal of $20,000.');
  });

  it('draws nothing from fewer than two points', () => {
    expect(chart([])).toBe('');
    expect(chart(rising(1))).toBe('');
  });

  it('stays within 3 KB of markup for 200 snapshots, drawing at most the limit', () => {
    const html = chart(rising(200));
    expect(linePoints(html)).toHaveLength(CHART_MAX_POINTS);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(3 * 1024);
  });
});

describe('what is still needed a day', () => {
  it('is said in whole units, rounded up', () => {
    expect(neededPerDayText(123_401, 'USD')).toBe('$1,235 a day needed to fund');
    expect(neededPerDayText(123_400, 'USD')).toBe('$1,234 a day needed to fund');
    expect(neededPerDayText(5_001, 'JPY')).toBe('¥5,001 a day needed to fund');
  });

  it('shows beside the chart when the page has a figure for it, and not otherwise', () => {
    const trend = { history: packHistory(rising(3)), goal: 2_000_000, currency: 'USD', timeZone: 'UTC', neededPerDay: 123_400 };
    const html = renderToStaticMarkup(h(CampaignTrend, { trend }));
    expect(html).toContain('$1,234 a day needed to fund');
    expect(html).toContain(`<polyline points="${chartGeometry(rising(3), 2_000_000).line}"`);
    expect(renderToStaticMarkup(h(CampaignTrend, { trend: { ...trend, neededPerDay: null } }))).not.toContain('a day needed');
    expect(renderToStaticMarkup(h(CampaignTrend, { trend: null }))).toBe('');
  });
});
