import { describe, expect, it } from 'vitest';
import { addDays, dayCount, eachDay, firstOfNextMonth, isUtcDay, previousMonth, utcDay } from '../../common/calendar-days.ts';

const utc = (year: number, month: number, day: number, hour = 0, minute = 0) => Date.UTC(year, month - 1, day, hour, minute) / 1000;

describe('calendar days', () => {
  it('takes the UTC day of a moment, whatever the zone of the machine', () => {
    expect(utcDay(utc(2026, 12, 6, 23, 59) + 59)).toBe('2026-12-06');
    expect(utcDay(utc(2026, 12, 7))).toBe('2026-12-07');
  });

  it('steps days across months, years and a leap day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-07', -29)).toBe('2026-11-08');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('lists and counts the days of a range, both ends included', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
    expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(dayCount('2026-12-07', '2026-12-07')).toBe(1);
  });

  it('knows real days written YYYY-MM-DD only', () => {
    expect(isUtcDay('2028-02-29')).toBe(true);
    expect(isUtcDay('2026-02-29')).toBe(false);
    expect(isUtcDay('2026-2-01')).toBe(false);
    expect(isUtcDay('2026-12-07T00:00')).toBe(false);
  });

  it('steps months', () => {
    expect(firstOfNextMonth('2026-12')).toBe('2027-01-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });
});
