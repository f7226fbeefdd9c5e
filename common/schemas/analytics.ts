/**
 * Cookie-free audience numbers (decision 065): the page-view beacon public
 * pages send, the owner's switch, and the range the audience numbers screen reads.
 * One schema each for the browser and the server.
 */
import { z } from 'zod';
import { dayCount, isUtcDay } from '../calendar-days.ts';

/** A beacon larger than this is refused whole: none of its fields needs more. */
export const BEACON_MAX_BYTES = 4096;

/**
 * What of a UTM tag is kept: real tags are short names, and each distinct
 * value adds rows kept for good. Longer ones are cut, not refused, so the
 * view still counts.
 */
export const UTM_MAX = 64;
/** The longest host name DNS allows: a referrer host longer than this is no real one. */
export const HOST_MAX = 253;

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) => text(field, max).nullish().transform((value) => value ?? '');

const utmTag = (field: string) => optionalText(field, 200).transform((value) => value.trim().slice(0, UTM_MAX));

export const pageViewBeaconSchema = z.object({
  path: text('path', 1024).startsWith('/', 'path must start with /'),
  referrer: optionalText('referrer', 2048),
  utm_source: utmTag('utm_source'),
  utm_medium: utmTag('utm_medium'),
  utm_campaign: utmTag('utm_campaign'),
  tz: optionalText('tz', 64),
});

export type PageViewBeacon = z.output<typeof pageViewBeaconSchema>;
export type PageViewBeaconInput = z.input<typeof pageViewBeaconSchema>;

export const analyticsSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** The longest range the audience numbers screen reads at once: two years and a leap day. */
export const ANALYTICS_MAX_DAYS = 731;

const day = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD` })
    .trim()
    .refine(isUtcDay, `${name} must be a date written YYYY-MM-DD`);

/**
 * The query of GET /admin/analytics: a range of the site's days (decision
 * 085), both included,
 * and optionally one page (`path`, a site path such as `/some-post`) that
 * narrows the totals, the days and the outbound clicks.
 */
export const analyticsQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    path: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string()
        .trim()
        .max(300, 'path must be at most 300 characters')
        .regex(/^\/[^\s?#]*$/, 'path must be a site path starting with /')
        .optional(),
    ),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => dayCount(query.from, query.to) <= ANALYTICS_MAX_DAYS, {
    message: `The range must be at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
