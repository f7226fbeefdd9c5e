/**
 * The site settings owners and administrators edit in the back office: the
 * site's name, addresses, profiles and legal texts. One schema for the form
 * and the server; what is not stored falls back to SITE_SETTINGS_DEFAULTS,
 * today's texts.
 */
import { z } from 'zod';
import { PRIVACY_POLICY_TEMPLATE, TERMS_TEMPLATE } from '../legal-templates.ts';
import { LOGO_PATH, PRIVACY_EMAIL, SITE_NAME, SUPPORT_EMAIL } from '../site.ts';
import { emailProblem } from './email.ts';
import { DEFAULT_TAGLINE, NO_SOCIAL_PROFILES, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../site-profile.ts';
import { imageAddressField, isOneLine, oneLineMessage, optionalText, requiredText, storedAddress, versionField } from './fields.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../site-time.ts';
import {
  DEFAULT_CONTACT_LINE,
  DEFAULT_HERO_HEADING,
  DEFAULT_HERO_TEXT,
  DEFAULT_META_DESCRIPTION,
  DEFAULT_SPONSORED_INCLUDES,
  DEFAULT_SPONSORED_LIVE_TIME,
  DEFAULT_SPONSORED_RESPONSE_TIME,
  SPONSORED_INCLUDES_MAX,
} from '../site-texts.ts';

export { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../site-profile.ts';

/** A legal text's largest size, in characters of markdown. */
export const LEGAL_MARKDOWN_MAX = 100_000;

const isHttps = (url: URL | null) => url?.protocol === 'https:';

const requiredEmail = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = value === '' ? `${label} is required` : emailProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const optionalHttpsUrl = (label: string) =>
  optionalText(label, 2048).transform((value, ctx) =>
    value === null ? null : storedAddress(value, ctx, label, (_value, url) => isHttps(url), `${label} must be an https:// URL`),
  );

const markdownField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LEGAL_MARKDOWN_MAX, `${label} must be at most 100 KB`);

export const siteSettingsSchema = z.object({
  site_name: requiredText('Site name', 80).refine(isOneLine, oneLineMessage('Site name')),
  tagline: optionalText('Tagline', 160).refine(isOneLine, oneLineMessage('Tagline')),
  // The same rules as a cover's (common/site-images.ts); the server stores this site's addresses as paths.
  logo_url: imageAddressField('Logo'),
  contact_email: requiredEmail('Contact email'),
  privacy_email: requiredEmail('Privacy email'),
  social: z
    .object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, optionalHttpsUrl(SOCIAL_NETWORK_LABELS[network])])) as {
      [N in SocialNetwork]: ReturnType<typeof optionalHttpsUrl>;
    })
    .partial()
    .default({}),
  sponsored_price_text: optionalText('Sponsored price text', 120),
  social_proof: optionalText('Social proof line', 120),
  hero_heading: requiredText('Home heading', 120),
  hero_text: optionalText('Home line', 300),
  meta_description: requiredText('Meta description', 300),
  sponsored_response_time: requiredText('Response time', 60),
  sponsored_live_time: requiredText('Time to go live', 60),
  sponsored_includes: z
    .array(requiredText('What is included', 200), { error: 'What is included must be a list of lines' })
    .min(1, 'What is included needs at least one line')
    .max(SPONSORED_INCLUDES_MAX, `What is included must be at most ${SPONSORED_INCLUDES_MAX} lines`),
  contact_line: requiredText('Contact page line', 200),
  privacy_policy_md: markdownField('Privacy policy'),
  terms_md: markdownField('Terms of service'),
  // Left out, the site keeps UTC: a save from an older form does not fail for want of it.
  time_zone: z
    .string({ error: 'Time zone must be text' })
    .trim()
    .refine(isTimeZone, 'Time zone must be a time zone name such as Europe/Paris, or UTC')
    .default(DEFAULT_TIME_ZONE),
});

/** A save: the settings, with the version they were read at (a stale one is refused). */
export const siteSettingsUpdateSchema = siteSettingsSchema.extend({ version: versionField });

export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettingsValues = z.output<typeof siteSettingsSchema>;

/** The settings as stored and read: every social network present (null for none). */
export interface SiteSettingsData extends Omit<SiteSettingsValues, 'social'> {
  social: Record<SocialNetwork, string | null>;
}

/** The settings as the API answers them and the pages read them. */
export interface SiteSettingsJson extends SiteSettingsData {
  /** 0 until the first save; each save adds one. */
  version: number;
  /** When each legal text last changed (YYYY-MM-DD), shown on its page. */
  privacy_policy_updated: string;
  terms_updated: string;
}

/** Today's texts, for a site whose owner has not saved settings yet; no social proof is claimed. */
export const SITE_SETTINGS_DEFAULTS: SiteSettingsData = {
  site_name: SITE_NAME,
  tagline: DEFAULT_TAGLINE,
  logo_url: null,
  contact_email: SUPPORT_EMAIL,
  privacy_email: PRIVACY_EMAIL,
  social: { ...NO_SOCIAL_PROFILES },
  sponsored_price_text: null,
  social_proof: null,
  hero_heading: DEFAULT_HERO_HEADING,
  hero_text: DEFAULT_HERO_TEXT,
  meta_description: DEFAULT_META_DESCRIPTION,
  sponsored_response_time: DEFAULT_SPONSORED_RESPONSE_TIME,
  sponsored_live_time: DEFAULT_SPONSORED_LIVE_TIME,
  sponsored_includes: [...DEFAULT_SPONSORED_INCLUDES],
  contact_line: DEFAULT_CONTACT_LINE,
  privacy_policy_md: PRIVACY_POLICY_TEMPLATE,
  terms_md: TERMS_TEMPLATE,
  time_zone: DEFAULT_TIME_ZONE,
};

/** The logo's address: the stored one, or the site's mark. */
export const logoPathOf = (settings: Pick<SiteSettingsData, 'logo_url'>): string => settings.logo_url ?? LOGO_PATH;
