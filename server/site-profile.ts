/**
 * The site profile the owner edits (name, addresses, profiles, legal texts),
 * stored under site_settings key `site`, and this app's one cached copy of
 * it. Every page render and every mail reads it, so the copy is kept: dropped
 * on a save here (`forget`), when a page cache notices another server's save
 * (the `ContentChanges` generation moves), and after a few seconds whatever
 * happens. One per running app, handed in with its dependencies like
 * `ContentChanges`: two apps in one process never share a copy.
 */
import { LEGAL_TEMPLATE_DATE } from '../common/legal-templates.ts';
import { SITE_SETTINGS_DEFAULTS, SOCIAL_NETWORKS, type SiteSettingsJson } from '../common/schemas/site-settings.ts';
import { isTimeZone } from '../common/site-time.ts';
import type { ContentChanges } from './freshness/content-changes.ts';
import { readSiteSetting } from './db/queries/site-settings.ts';
import type { Db } from './db/schema.ts';

/** The site_settings key the profile is stored under. */
export const SITE_PROFILE_KEY = 'site';
const CACHE_MS = 5_000;

/** What a sponsor's mails say of the site: its name and the sponsored offer's promises, as the owner saved them. */
export interface SponsorMailTexts {
  siteName: string;
  responseTime: string;
  liveTime: string;
}

export const SITE_PROFILE_DEFAULTS: SiteSettingsJson = {
  ...SITE_SETTINGS_DEFAULTS,
  version: 0,
  privacy_policy_updated: LEGAL_TEMPLATE_DATE,
  terms_updated: LEGAL_TEMPLATE_DATE,
};

const DEFAULTS = SITE_PROFILE_DEFAULTS;

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const lines = (value: unknown, fallback: string[]): string[] => {
  const kept = Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string' && line !== '') : [];
  return kept.length > 0 ? kept : fallback;
};

/** The stored JSON read leniently: anything missing or odd keeps its default, so a bad row never breaks a page. */
function parse(stored: string | undefined): SiteSettingsJson {
  if (!stored) return DEFAULTS;
  let raw: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return DEFAULTS;
    raw = value as Record<string, unknown>;
  } catch {
    return DEFAULTS;
  }
  const social = (typeof raw.social === 'object' && raw.social !== null ? raw.social : {}) as Record<string, unknown>;
  return {
    site_name: text(raw.site_name, DEFAULTS.site_name),
    tagline: 'tagline' in raw ? textOrNull(raw.tagline) : DEFAULTS.tagline,
    logo_url: textOrNull(raw.logo_url),
    contact_email: text(raw.contact_email, DEFAULTS.contact_email),
    privacy_email: text(raw.privacy_email, DEFAULTS.privacy_email),
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, textOrNull(social[network])])) as SiteSettingsJson['social'],
    sponsored_price_text: textOrNull(raw.sponsored_price_text),
    social_proof: textOrNull(raw.social_proof),
    hero_heading: text(raw.hero_heading, DEFAULTS.hero_heading),
    hero_text: 'hero_text' in raw ? textOrNull(raw.hero_text) : DEFAULTS.hero_text,
    meta_description: text(raw.meta_description, DEFAULTS.meta_description),
    sponsored_response_time: text(raw.sponsored_response_time, DEFAULTS.sponsored_response_time),
    sponsored_live_time: text(raw.sponsored_live_time, DEFAULTS.sponsored_live_time),
    sponsored_includes: lines(raw.sponsored_includes, DEFAULTS.sponsored_includes),
    contact_line: text(raw.contact_line, DEFAULTS.contact_line),
    privacy_policy_md: text(raw.privacy_policy_md, DEFAULTS.privacy_policy_md),
    terms_md: text(raw.terms_md, DEFAULTS.terms_md),
    time_zone: typeof raw.time_zone === 'string' && isTimeZone(raw.time_zone) ? raw.time_zone : DEFAULTS.time_zone,
    version: typeof raw.version === 'number' ? raw.version : 0,
    privacy_policy_updated: text(raw.privacy_policy_updated, DEFAULTS.privacy_policy_updated),
    terms_updated: text(raw.terms_updated, DEFAULTS.terms_updated),
  };
}

/** The profile as stored now, uncached: the stored text (for a compare-and-set save) and its reading. */
export async function readSiteProfile(db: Db): Promise<{ stored: string | undefined; value: SiteSettingsJson }> {
  const stored = await readSiteSetting(db, SITE_PROFILE_KEY);
  return { stored, value: parse(stored) };
}

export class SiteProfileCache {
  private kept: { value: SiteSettingsJson; readAt: number; generation: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly contentChanges: ContentChanges,
  ) {}

  /** The profile, from this app's copy while it is current. */
  async current(): Promise<SiteSettingsJson> {
    const now = Date.now();
    const generation = this.contentChanges.generation;
    if (this.kept && this.kept.generation === generation && now - this.kept.readAt < CACHE_MS) return this.kept.value;
    const { value } = await readSiteProfile(this.db);
    this.kept = { value, readAt: now, generation };
    return value;
  }

  /**
   * The site's name, for mails and their sender. Never rejects: a database
   * that does not answer gives the built-in name, so a mail still goes out.
   */
  async siteName(): Promise<string> {
    try {
      return (await this.current()).site_name;
    } catch {
      return DEFAULTS.site_name;
    }
  }

  /**
   * The site's name and sponsored promises, for a sponsor's mails and the
   * cancel page. Never rejects: a database that does not answer gives SPEC.md's
   * texts, so a receipt still goes out.
   */
  async sponsorMailTexts(): Promise<SponsorMailTexts> {
    let profile: SiteSettingsJson;
    try {
      profile = await this.current();
    } catch {
      profile = DEFAULTS;
    }
    return { siteName: profile.site_name, responseTime: profile.sponsored_response_time, liveTime: profile.sponsored_live_time };
  }

  /** Drops the copy: the next read asks the database (called after a save). */
  forget(): void {
    this.kept = null;
  }
}
