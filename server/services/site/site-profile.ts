/**
 * The site profile owners and administrators edit (name, addresses,
 * profiles, legal texts; the back office calls it the site settings). Reads
 * go through the app's one cached copy (`server/site-profile.ts`), which a
 * save here drops.
 */
import { utcDay } from '../../../common/calendar-days.ts';
import { DomainError } from '../../../common/errors.ts';
import {
  SITE_SETTINGS_DEFAULTS,
  SOCIAL_NETWORKS,
  siteSettingsUpdateSchema,
  type SiteSettingsData,
  type SiteSettingsJson,
} from '../../../common/schemas/site-settings.ts';

export type { SiteSettingsJson };
import { storedImageAddress } from '../../../common/site-images.ts';
import { validate } from '../../../common/validate.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { replaceSiteSetting } from '../../db/queries/site-settings.ts';
import { readSiteProfile, SITE_PROFILE_KEY } from '../../site-profile.ts';
import type { AppDeps } from '../../deps.ts';
import type { Staff } from '../../auth/caller.ts';

export const SITE_SETTINGS_CONFLICT =
  'Someone else saved the site settings since you opened them. Reload to see their changes, then save yours again.';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The logo as stored, by the rules of a cover (common/site-images.ts): this
 * site's absolute addresses become paths, another site's http address is
 * refused; the schema could not tell, not knowing PUBLIC_URL.
 */
function storedLogo(logoUrl: string | null, origin: string): string | null {
  if (logoUrl === null) return null;
  const stored = storedImageAddress(logoUrl, origin);
  if (stored.ok) return stored.value;
  const message = `Logo ${stored.problem}`;
  throw new DomainError('VALIDATION_FAILED', message, { fieldErrors: { logo_url: message } });
}

export function siteProfileService({ db, contentChanges, siteProfileCache, config }: AppDeps) {
  return {
    /** The profile, from the app's cached copy while it is current. */
    current: (): Promise<SiteSettingsJson> => siteProfileCache.current(),

    /** The stored profile, for the back office's form. */
    async get(): Promise<SiteSettingsJson> {
      return (await readSiteProfile(db)).value;
    },

    /**
     * Saves the settings read at `version`; a save since then is a
     * VERSION_CONFLICT. Returns the new settings and the names of the
     * fields that changed (for the audit entry).
     */
    async update(staff: Staff, values: unknown): Promise<{ settings: SiteSettingsJson; changed: string[] }> {
      const input = validate(siteSettingsUpdateSchema, values);
      const logoUrl = storedLogo(input.logo_url, siteOrigin(config));
      const { stored, value: before } = await readSiteProfile(db);
      if (input.version !== before.version) throw new DomainError('VERSION_CONFLICT', SITE_SETTINGS_CONFLICT);
      const now = nowSeconds();
      const next: SiteSettingsJson = {
        site_name: input.site_name,
        tagline: input.tagline,
        logo_url: logoUrl,
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
        privacy_policy_updated: input.privacy_policy_md === before.privacy_policy_md ? before.privacy_policy_updated : utcDay(now),
        terms_updated: input.terms_md === before.terms_md ? before.terms_updated : utcDay(now),
      };
      const changed = (Object.keys(SITE_SETTINGS_DEFAULTS) as (keyof SiteSettingsData)[]).filter(
        (field) => !sameValue(before[field], next[field]),
      );
      // Shown on every page: told like a write that touches them all; a save another one overtook records nothing.
      try {
        await contentChanges.write(db, null, async (trx) => {
          const saved = await replaceSiteSetting(trx, { key: SITE_PROFILE_KEY, expected: stored, value: JSON.stringify(next), now, userId: staff.userId });
          if (!saved) throw new DomainError('VERSION_CONFLICT', SITE_SETTINGS_CONFLICT);
        });
      } finally {
        siteProfileCache.forget();
      }
      return { settings: next, changed };
    },
  };
}

export type SiteProfileService = ReturnType<typeof siteProfileService>;
