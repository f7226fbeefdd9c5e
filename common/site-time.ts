/**
 * The site's time zone, an owner setting (`time_zone`, an IANA name, UTC
 * unless set): the one place that reads and writes times in it. The post
 * editor takes and shows publication times here, the newsletter its send
 * time, the dashboard its weeks, the sponsor's mails their dates. Only
 * `Intl` is used, so the browser and the server agree whatever their own
 * zone is.
 */
import { SITE_TIME_ZONE } from './site.ts';
import { localTimeToUnix, wallClock } from './site-weeks.ts';

export { weekBounds, weekStartOf } from './site-weeks.ts';

/** The zone of a site whose owner chose none. */
export const DEFAULT_TIME_ZONE = SITE_TIME_ZONE;

/**
 * Whether `name` is a time zone this runtime knows, by its IANA name
 * (`Europe/Paris`, `America/New_York`) or `UTC`. Abbreviations such as `EST`
 * are refused: they name different zones in different places.
 */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones an owner chooses from: UTC first, then every zone this runtime
 * knows, with `current` among them even when this runtime lists it under
 * another name (so showing the choice never changes it).
 */
export function timeZoneChoices(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const choices = ['UTC', ...known.filter((name) => name !== 'UTC')];
  return current === undefined || choices.includes(current) ? choices : [current, ...choices];
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment in the site's time zone, with the zone named: `Nov 26, 2026, 09:00 Europe/Paris`. */
export function formatSiteDateTime(at: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return `${format.format(new Date(at * 1000))} ${timeZone}`;
}

/**
 * A `datetime-local` value (`2026-11-26T09:00`, seconds optional) read as
 * the clocks of `timeZone` show it; null when empty or not a time.
 */
export function siteInputToSeconds(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  return Number.isFinite(wall) ? localTimeToUnix(wall, timeZone) : null;
}

/** A moment as a `datetime-local` value on the clocks of `timeZone`, to the second. */
export function secondsToSiteInput(at: number, timeZone: string): string {
  return new Date(wallClock(at, timeZone) * 1000).toISOString().slice(0, 19);
}

/**
 * A `date` input's day (`2026-12-03`) as its last second on the clocks of
 * `timeZone`: a campaign said to end on a day runs through it. Null when
 * empty or not a day.
 */
export function siteDayEndToSeconds(value: string, timeZone: string): number | null {
  const day = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = siteInputToSeconds(`${day}T23:59:59`, timeZone);
  // Date.UTC rolls 2026-02-31 over into March: a day that does not exist is not a day.
  return at !== null && secondsToSiteInput(at, timeZone).slice(0, 10) === day ? at : null;
}

/** A moment as a `date` input's day on the clocks of `timeZone`. */
export function secondsToSiteDay(at: number, timeZone: string): string {
  return secondsToSiteInput(at, timeZone).slice(0, 10);
}
