/**
 * The site settings owners and administrators edit (name, addresses,
 * profiles, legal texts), stored under site_settings key `site`. Every page
 * render reads them, so each process keeps a copy: dropped on a save here,
 * when a page cache notices another server's save, and after a few seconds
 * whatever happens.
 */
import { DomainError } from '../../common/errors.ts';
import { LEGAL_TEMPLATE_DATE } from '../../common/legal-templates.ts';
import {
  SITE_SETTINGS_DEFAULTS,
  SOCIAL_NETWORKS,
  siteSettingsUpdateSchema,
  type SiteSettingsData,
  type SiteSettingsJson,
} from '../../common/schemas/site-settings.ts';

export type { SiteSettingsJson };
import { validate } from '../../common/validate.ts';
import { isTimeZone } from '../../common/site-time.ts';
import { nowSeconds } from '../db/database.ts';
import { readSiteSetting, replaceSiteSetting } from '../db/queries/site-settings.ts';
import type { AppDeps } from '../deps.ts';
import type { Staff } from '../auth/caller.ts';

const KEY = 'site';
const CACHE_MS = 5_000;

export const SITE_SETTINGS_CONFLICT =
  'Someone else saved the site settings since you opened them. Reload to see their changes, then save yours again.';

const DEFAULTS: SiteSettingsJson = {
  ...SITE_SETTINGS_DEFAULTS,
  version: 0,
  privacy_policy_updated: LEGAL_TEMPLATE_DATE,
  terms_updated: LEGAL_TEMPLATE_DATE,
};

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

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function siteSettingsService({ db, contentChanges }: AppDeps) {
  let kept: { value: SiteSettingsJson; readAt: number; generation: number } | null = null;

  async function read(): Promise<{ stored: string | undefined; value: SiteSettingsJson }> {
    const stored = await readSiteSetting(db, KEY);
    return { stored, value: parse(stored) };
  }

  return {
    /** The settings, from this process's copy while it is current. */
    async current(): Promise<SiteSettingsJson> {
      const now = Date.now();
      const generation = contentChanges.generation;
      if (kept && kept.generation === generation && now - kept.readAt < CACHE_MS) return kept.value;
      const { value } = await read();
      kept = { value, readAt: now, generation };
      return value;
    },

    /** The stored settings, for the back office's form. */
    async get(): Promise<SiteSettingsJson> {
      return (await read()).value;
    },

    /**
     * Saves the settings read at `version`; a save since then is a
     * VERSION_CONFLICT. Returns the new settings and the names of the
     * fields that changed (for the audit entry).
     */
    async update(staff: Staff, values: unknown): Promise<{ settings: SiteSettingsJson; changed: string[] }> {
      const input = validate(siteSettingsUpdateSchema, values);
      const { stored, value: before } = await read();
      if (input.version !== before.version) throw new DomainError('VERSION_CONFLICT', SITE_SETTINGS_CONFLICT);
      const now = nowSeconds();
      const next: SiteSettingsJson = {
        site_name: input.site_name,
        tagline: input.tagline,
        logo_url: input.logo_url,
        contact_email: input.contact_email,
        privacy_email: input.privacy_email,
        social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, input.social[network] ?? null])) as SiteSettingsJson['social'],
        sponsored_price_text: input.sponsored_price_text,
        social_proof: input.social_proof,
        hero_heading: input.hero_heading,
        hero_text: input.hero_text,
        meta_description: input.meta_description,
        sponsored_response_time: input.sponsored_response_time,
        sponsored_live_time: input.sponsored_live_time,
        sponsored_includes: input.sponsored_includes,
        contact_line: input.contact_line,
        privacy_policy_md: input.privacy_policy_md,
        terms_md: input.terms_md,
        time_zone: input.time_zone,
        version: before.version + 1,
        privacy_policy_updated: input.privacy_policy_md === before.privacy_policy_md ? before.privacy_policy_updated : isoDate(now),
        terms_updated: input.terms_md === before.terms_md ? before.terms_updated : isoDate(now),
      };
      const changed = (Object.keys(SITE_SETTINGS_DEFAULTS) as (keyof SiteSettingsData)[]).filter(
        (field) => !sameValue(before[field], next[field]),
      );
      // Caches of pages stop serving copies now, and again once the save is stored.
      contentChanges.notify();
      const saved = await replaceSiteSetting(db, { key: KEY, expected: stored, value: JSON.stringify(next), now, userId: staff.userId });
      contentChanges.notify();
      kept = null;
      if (!saved) throw new DomainError('VERSION_CONFLICT', SITE_SETTINGS_CONFLICT);
      return { settings: next, changed };
    },
  };
}

export type SiteSettingsService = ReturnType<typeof siteSettingsService>;
