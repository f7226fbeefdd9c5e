import { format } from 'date-fns';
import { utcDay } from '../../common/calendar-days.ts';
import {
  DEFAULT_TIME_ZONE,
  formatSiteDateTime as formatInZone,
  secondsToSiteInput as secondsToInput,
  siteInputToSeconds as inputToSeconds,
} from '../../common/site-time.ts';

/**
 * The calendar day of a Unix time, as a local Date at noon. Days are taken in
 * UTC so every server prints the same date whatever its time zone; noon keeps
 * the day clear of any daylight-saving jump.
 */
const noonOfUtcDay = (unixSeconds: number): Date => new Date(`${utcDay(unixSeconds)}T12:00:00`);

/** SPEC.md section 9, detail pages: `November 22, 2026`. */
export function formatLongDate(unixSeconds: number): string {
  return format(noonOfUtcDay(unixSeconds), 'MMMM d, yyyy');
}

/** SPEC.md section 9, resource cards: `Nov 22, 2026`. */
export function formatShortDate(unixSeconds: number): string {
  return format(noonOfUtcDay(unixSeconds), 'MMM d, yyyy');
}

/** A publication date in every form a page shows it. */
export interface PublishedDate {
  /** For `<time dateTime>`. */
  iso: string;
  short: string;
  long: string;
}

/**
 * Formatted by the loaders, on the server: the browser receives text, so
 * the date library stays out of its bundle and hydration always matches.
 */
export function publishedDate(unixSeconds: number | null): PublishedDate | null {
  if (unixSeconds === null) return null;
  return {
    iso: new Date(unixSeconds * 1000).toISOString(),
    short: formatShortDate(unixSeconds),
    long: formatLongDate(unixSeconds),
  };
}

/** A moment in the reader's own time zone, for the back office: `Nov 22, 2026, 14:05`. */
export function formatDateTime(unixSeconds: number): string {
  return format(new Date(unixSeconds * 1000), 'MMM d, yyyy, HH:mm');
}

/** A moment in the site's time zone (its owner's setting), as the editor shows schedules: `Nov 26, 2026, 09:00 UTC`. */
export const formatSiteDateTime = (unixSeconds: number, timeZone: string = DEFAULT_TIME_ZONE): string =>
  formatInZone(unixSeconds, timeZone);

/** A `datetime-local` value read in the site's time zone; null when empty or not a time. */
export const siteInputToSeconds = (value: string, timeZone: string = DEFAULT_TIME_ZONE): number | null => inputToSeconds(value, timeZone);

/** A moment as a `datetime-local` value in the site's time zone, to the second. */
export const secondsToSiteInput = (unixSeconds: number, timeZone: string = DEFAULT_TIME_ZONE): string => secondsToInput(unixSeconds, timeZone);
