/**
 * The site's public profile as it stands before an owner edits the site
 * settings, and the social networks it may link to. Free of zod: the public
 * layout and footer show these on every page, and the settings schema
 * (schemas/site-settings.ts) builds on them.
 */

/** The social networks a profile link may be given for, in the footer's order. */
export const SOCIAL_NETWORKS = ['x', 'facebook', 'instagram', 'linkedin', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  x: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

/** The tagline until an owner sets one. */
export const DEFAULT_TAGLINE = 'Reviewed crowdfunding campaigns, guides for campaign owners and free fee calculators.';

/** No profile links until an owner adds them. */
export const NO_SOCIAL_PROFILES: Record<SocialNetwork, string | null> = {
  x: null,
  facebook: null,
  instagram: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
};
