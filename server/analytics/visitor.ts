/**
 * What one page view is reduced to before anything is kept (decision 065):
 * a visitor hash from the day's salt, and families and classes instead of
 * the address and User-Agent, which are dropped here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getTimezone } from 'countries-and-timezones';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { HOST_MAX, UTM_MAX } from '../../common/schemas/analytics.ts';
import { RESERVED_SLUGS } from '../../common/schemas/slug.ts';
import { secondsToSiteDay } from '../../common/site-time.ts';

/**
 * The day a moment is counted on, `YYYY-MM-DD`: the site's calendar day in
 * its time zone (decision 085), so every report of days shows the owner's
 * days, not UTC's.
 */
export const siteDay = (ms: number, timeZone: string): string => secondsToSiteDay(Math.floor(ms / 1000), timeZone);

/** A fresh random salt for a day. */
export const newSalt = (): string => randomBytes(32).toString('base64url');

/**
 * The visitor of a day: one-way, and meaningless once the day's salt is
 * deleted. The site is part of it so two sites sharing a salt table still
 * see different visitors.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, origin: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${origin}`).digest('base64url').slice(0, 32);
}

export interface Client {
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet';
}

/** A browser as counted: a bot (not counted), or its families and class. */
export type Classified = { bot: true } | { bot: false; client: Client };

/**
 * Browsers classified lately. Parsing a User-Agent is the dearest step of a
 * beacon and readers share few of them; held in memory only, and emptied
 * when full so odd strings cannot grow it.
 */
const classified = new Map<string, Classified>();
const CLASSIFIED_MAX = 2_000;

/** Bots (a maintained list) and no User-Agent at all; else families and a class only, no versions, so nothing narrows a visitor down. */
export function classify(userAgent: string): Classified {
  const known = classified.get(userAgent);
  if (known) return known;
  let result: Classified;
  if (!userAgent || isbot(userAgent)) {
    result = { bot: true };
  } else {
    const { browser, os, device } = UAParser(userAgent);
    const kind = device.type === 'mobile' || device.type === 'wearable' ? 'mobile' : device.type === 'tablet' ? 'tablet' : 'desktop';
    result = { bot: false, client: { browser: browser.name ?? 'Other', os: os.name ?? 'Other', device: kind } };
  }
  if (classified.size >= CLASSIFIED_MAX) classified.clear();
  classified.set(userAgent, result);
  return result;
}

/**
 * An approximate country from the browser's time zone: the first country
 * the zone is used in ('' when the zone is unknown or shared by none, as UTC).
 */
export function countryOfTimeZone(tz: string): string {
  if (!tz) return '';
  const zone = getTimezone(tz);
  const resolved = zone?.aliasOf ? getTimezone(zone.aliasOf) : zone;
  return resolved?.countries[0] ?? zone?.countries[0] ?? '';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The site's own pages at one segment that readers read; every other reserved first segment is not counted. */
const FIXED_PAGES = new Set([
  'resources',
  'newsletter',
  'search',
  'ending-soon',
  'projects',
  'contact-us',
  'privacy-policy',
  'terms-of-service',
  'instant-kickstarter-fee-calculator',
  'free-indiegogo-fee-calculator',
  'submit-your-project-for-a-sponsored-post',
]);
/** First segments that are never public reading, even before a slug rule reserves them. */
const NEVER = new Set(['admin', 'api', 'auth', 'embed', 'preview', 'campaign-update', 'sponsor-report', 'go', 'n', 'files', 'uploads', 'social-cards', 'checkout', 'payment']);

/** Whether a counted path is `/` or one of the site's fixed pages: pages that always exist. */
export const isFixedPage = (path: string): boolean => path === '/' || FIXED_PAGES.has(path.slice(1));

/**
 * The path as counted, or null when it is not a public page. Allowed, and
 * nothing else: `/`, a fixed public page, a post or resource `/{slug}`,
 * `/category/{slug}` and a newsletter issue `/newsletter/{slug}`.
 */
export function countedPath(raw: string): string | null {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (path === '/') return '/';
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  const [first = '', second, ...rest] = segments;
  if (rest.length > 0 || !SLUG.test(first) || NEVER.has(first)) return null;
  if (second === undefined) return FIXED_PAGES.has(first) || !RESERVED_SLUGS.has(first) ? `/${first}` : null;
  if (!SLUG.test(second)) return null;
  if (first === 'category') return `/category/${second}`;
  if (first === 'newsletter' && second !== 'confirm' && second !== 'unsubscribe') return `/newsletter/${second}`;
  return null;
}

/**
 * Where a view came from: `utm_source` when given, else the referring host
 * ('' from the site itself, from nowhere, or from something that is not a
 * web address).
 */
export function sourceOf(referrer: string, utmSource: string, siteHost: string): string {
  const tagged = utmSource.trim().toLowerCase().slice(0, UTM_MAX);
  if (tagged) return tagged;
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  host = host.replace(/^www\./, '');
  if (host.length > HOST_MAX) return '';
  return host === siteHost.replace(/^www\./, '') ? '' : host;
}
