/**
 * Cookie-free audience numbers (decision 065): the page-view beacon public
 * pages send, and the owner's switch. One schema each for the browser and
 * the server.
 */
import { z } from 'zod';

/** A beacon larger than this is refused whole: none of its fields needs more. */
export const BEACON_MAX_BYTES = 4096;

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) => text(field, max).nullish().transform((value) => value ?? '');

export const pageViewBeaconSchema = z.object({
  path: text('path', 1024).startsWith('/', 'path must start with /'),
  referrer: optionalText('referrer', 2048),
  utm_source: optionalText('utm_source', 200),
  utm_medium: optionalText('utm_medium', 200),
  utm_campaign: optionalText('utm_campaign', 200),
  tz: optionalText('tz', 64),
});

export type PageViewBeacon = z.output<typeof pageViewBeaconSchema>;
export type PageViewBeaconInput = z.input<typeof pageViewBeaconSchema>;

export const analyticsSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
