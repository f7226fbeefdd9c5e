/**
 * The public pages' own words that an owner may reword in the site settings
 * (the home hero, the meta description, the sponsored offer's promises, the
 * contact page's line), and their defaults: SPEC.md section 1's promises and
 * the texts the pages showed before they could be edited. Free of zod, like
 * site-profile.ts: the public pages read them on every render.
 */
import { SITE_DESCRIPTION } from './site.ts';

export const DEFAULT_HERO_HEADING = 'Crowdfunding projects worth backing';
export const DEFAULT_HERO_TEXT = 'Hand-picked Kickstarter and Indiegogo campaigns, reviewed before they reach you.';
export const DEFAULT_META_DESCRIPTION = SITE_DESCRIPTION;
/** SPEC.md section 1: "A response is promised within 24-48 hours". */
export const DEFAULT_SPONSORED_RESPONSE_TIME = '24-48 hours';
/** SPEC.md section 1: "the post goes live within 3-5 days after payment". */
export const DEFAULT_SPONSORED_LIVE_TIME = '3-5 days';
/** The title of the included item that promises social sharing, shown only while the site has social profiles. */
export const SOCIAL_SHARING_TITLE = 'Social sharing';

/**
 * SPEC.md section 1: "a written review, a permanent listing, newsletter
 * inclusion and social sharing", and the private report a sponsor gets once
 * the post is live (decision 082). One item a line, `Title: description`.
 */
export const DEFAULT_SPONSORED_INCLUDES: readonly string[] = [
  'A written review: An honest, detailed article about your campaign, written by our editors.',
  'A permanent listing: Your post stays on the site for good, working for you long after launch.',
  'A private report: Its views, visitors and clicks to your campaign, day by day, on a page only you have the link to.',
  'Newsletter inclusion: Featured in our newsletter to readers who back crowdfunding projects.',
  `${SOCIAL_SHARING_TITLE}: Shared on our social channels to reach backers where they are.`,
];
export const DEFAULT_CONTACT_LINE = 'We answer within two working days.';

/** The most items the sponsored offer lists as included. */
export const SPONSORED_INCLUDES_MAX = 8;

/** What the public pages show of these texts. */
export interface SiteTexts {
  heroHeading: string;
  /** Null: the hero has no line under its heading. */
  heroText: string | null;
  metaDescription: string;
  sponsoredResponseTime: string;
  sponsoredLiveTime: string;
  sponsoredIncludes: readonly string[];
  contactLine: string;
}

export const DEFAULT_SITE_TEXTS: SiteTexts = {
  heroHeading: DEFAULT_HERO_HEADING,
  heroText: DEFAULT_HERO_TEXT,
  metaDescription: DEFAULT_META_DESCRIPTION,
  sponsoredResponseTime: DEFAULT_SPONSORED_RESPONSE_TIME,
  sponsoredLiveTime: DEFAULT_SPONSORED_LIVE_TIME,
  sponsoredIncludes: DEFAULT_SPONSORED_INCLUDES,
  contactLine: DEFAULT_CONTACT_LINE,
};

/**
 * An included item's title and description: `Title: description` splits at
 * the first colon followed by a space; a line without one is all title.
 */
export function splitIncludedItem(line: string): { title: string; text: string | null } {
  const at = line.indexOf(': ');
  if (at <= 0) return { title: line, text: null };
  return { title: line.slice(0, at).trim(), text: line.slice(at + 2).trim() || null };
}

/**
 * The included items the sponsored page promises: social sharing only while
 * the site has a social profile to share on (decision 082), whoever wrote
 * the line.
 */
export function promisedIncludedItems(lines: readonly string[], hasSocialProfiles: boolean): string[] {
  if (hasSocialProfiles) return [...lines];
  return lines.filter((line) => splitIncludedItem(line).title.toLowerCase() !== SOCIAL_SHARING_TITLE.toLowerCase());
}
