import { describe, expect, it } from 'vitest';
import { weekBounds, weekStartOf } from '../../common/site-weeks.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('weeks of a time zone', () => {
  it('start on Monday at local midnight, an hour apart from UTC across a daylight-saving change', () => {
    expect(iso(weekStartOf(at('2026-11-02T04:59:59Z'), 'America/New_York'))).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(weekStartOf(at('2026-11-02T05:00:00Z'), 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(weekStartOf(at('2026-11-22T15:30:00Z'), 'Asia/Tokyo'))).toBe('2026-11-22T15:00:00.000Z');
    expect(iso(weekStartOf(at('2026-11-22T14:59:59Z'), 'Asia/Tokyo'))).toBe('2026-11-15T15:00:00.000Z');
  });

  it('bound the weeks up to the current one, the next Monday last', () => {
    // Berlin moves to summer time on Sunday 2026-03-29: the week before is an hour short.
    expect(weekBounds(at('2026-04-01T12:00:00Z'), 2, 'Europe/Berlin').map(iso)).toEqual([
      '2026-03-22T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
      '2026-04-05T22:00:00.000Z',
    ]);
    expect(weekBounds(at('2026-11-25T12:00:00Z'), 1, 'UTC').map(iso)).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
  });
});
