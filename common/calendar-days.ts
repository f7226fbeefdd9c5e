/**
 * Calendar days written `YYYY-MM-DD`, the one place that steps through
 * them: a day written as text is stepped and listed on the UTC calendar,
 * where every day has 24 hours, whatever zone it was a day of. The site's
 * days (what audience numbers are counted on, decision 085) come from
 * `site-time.ts`; `utcDay` is for where the UTC day of a moment is meant (a
 * dated slug, an export's file name).
 */

const DAY_MS = 86_400_000;
const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const dayOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOfDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The UTC day of a Unix time (seconds). */
export const utcDay = (at: number): string => dayOfMs(at * 1000);

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
export function isUtcDay(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const ms = msOfDay(value);
  return !Number.isNaN(ms) && dayOfMs(ms) === value;
}

/** The day `count` days after `day` (before it when negative). */
export const addDays = (day: string, count: number): string => dayOfMs(msOfDay(day) + count * DAY_MS);

/** How many days from `from` to `to`, both included. */
export const dayCount = (from: string, to: string): number => Math.round((msOfDay(to) - msOfDay(from)) / DAY_MS) + 1;

/** Every day from `from` to `to`, both included; none when `from` is later. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = msOfDay(from), end = msOfDay(to); at <= end; at += DAY_MS) days.push(dayOfMs(at));
  return days;
}

/** The first day of the month after `month` (`YYYY-MM`). */
export function firstOfNextMonth(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return dayOfMs(Date.UTC(year, index, 1));
}

/** The month before `month`, both `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return dayOfMs(Date.UTC(year, index - 2, 1)).slice(0, 7);
}
