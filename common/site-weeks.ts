/**
 * Calendar weeks of a time zone (the site's, common/site.ts): Monday 00:00
 * local time to the next Monday 00:00, found with `Intl` alone. A week
 * across a daylight-saving change is an hour longer or shorter than seven
 * days, so week starts are found day by day, never by adding seconds.
 */
import { SITE_TIME_ZONE } from './site.ts';

const DAY_SECONDS = 24 * 60 * 60;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at the Unix time `at`, as seconds of a UTC calendar. */
export function wallClock(at: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clock.formatToParts(new Date(Math.floor(at) * 1000))) part[type] = Number(value);
  return (
    Date.UTC(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0) / 1000
  );
}

/** How far `timeZone` is ahead of UTC at `at`, in seconds. */
const offsetAt = (at: number, timeZone: string) => wallClock(at, timeZone) - Math.floor(at);

/**
 * The Unix time at which the clocks of `timeZone` show `wall` (seconds of a
 * UTC calendar). A time that happens twice counts from its first time; one
 * the clocks skip is taken with the offset before the change, which lands
 * as far past the change as it was meant to be past the hour.
 */
export function localTimeToUnix(wall: number, timeZone: string): number {
  // At most one offset change falls within a day of `wall`: it is taken with the offset before or after it.
  const candidates = [offsetAt(wall - DAY_SECONDS, timeZone), offsetAt(wall + DAY_SECONDS, timeZone)].map(
    (offset) => wall - offset,
  );
  const real = candidates.filter((at) => wallClock(at, timeZone) === wall);
  return real.length > 0 ? Math.min(...real) : Math.max(...candidates);
}

/** The first moment of local day `day` (days since 1970-01-01 on the local calendar). */
const startOfLocalDay = (day: number, timeZone: string): number => localTimeToUnix(day * DAY_SECONDS, timeZone);

/** The local day (days since 1970-01-01) of the Monday of the week `at` falls in. */
function mondayOf(at: number, timeZone: string): number {
  const day = Math.floor(wallClock(at, timeZone) / DAY_SECONDS);
  // 1970-01-01 was a Thursday: day 0 is three days after a Monday.
  return day - (((day + 3) % 7) + 7) % 7;
}

/** Monday 00:00 in `timeZone` of the week `at` (Unix seconds) falls in. */
export function weekStartOf(at: number, timeZone: string = SITE_TIME_ZONE): number {
  return startOfLocalDay(mondayOf(at, timeZone), timeZone);
}

/**
 * The bounds of the `count` weeks up to and including the one `at` falls in,
 * oldest first: `count + 1` Unix times, week `i` running from bound `i` up to
 * (not including) bound `i + 1`.
 */
export function weekBounds(at: number, count: number, timeZone: string = SITE_TIME_ZONE): number[] {
  const monday = mondayOf(at, timeZone);
  return Array.from({ length: count + 1 }, (_, index) => startOfLocalDay(monday + (index - count + 1) * 7, timeZone));
}
