/**
 * The site's own details as the public pages show them (name, logo,
 * addresses, profiles), from the settings owners edit. The site layout's
 * loader carries them; components and `meta` functions read them here.
 */
import { useRouteLoaderData } from 'react-router';
import { PRIVACY_EMAIL, SITE_NAME, SUPPORT_EMAIL } from '../../common/site.ts';
import { DEFAULT_TAGLINE, NO_SOCIAL_PROFILES, type SocialNetwork } from '../../common/site-profile.ts';
import { DEFAULT_SITE_TEXTS } from '../../common/site-texts.ts';

export interface PublicSite {
  name: string;
  tagline: string | null;
  /** Null: the site's own mark. */
  logoUrl: string | null;
  contactEmail: string;
  privacyEmail: string;
  social: Record<SocialNetwork, string | null>;
  /** The home page's heading and line under it (null: none). */
  heroHeading: string;
  heroText: string | null;
  /** The home page's description for search engines and previews. */
  metaDescription: string;
  /** The contact page's promise of an answer. */
  contactLine: string;
  /** The sponsored offer's promise of when a paid post goes live (`3-5 days`), repeated once it is paid. */
  sponsoredLiveTime: string;
}

/** The route id of the public layout, whose loader data carries `site`. */
const SITE_LAYOUT_ROUTE_ID = 'routes/site-layout';

/**
 * Before anything is saved (and outside the public layout): today's texts,
 * as the settings' defaults (common/schemas/site-settings.ts) have them,
 * without the settings schema and zod on every public page.
 */
export const DEFAULT_PUBLIC_SITE: PublicSite = {
  name: SITE_NAME,
  tagline: DEFAULT_TAGLINE,
  logoUrl: null,
  contactEmail: SUPPORT_EMAIL,
  privacyEmail: PRIVACY_EMAIL,
  social: NO_SOCIAL_PROFILES,
  heroHeading: DEFAULT_SITE_TEXTS.heroHeading,
  heroText: DEFAULT_SITE_TEXTS.heroText,
  metaDescription: DEFAULT_SITE_TEXTS.metaDescription,
  contactLine: DEFAULT_SITE_TEXTS.contactLine,
  sponsoredLiveTime: DEFAULT_SITE_TEXTS.sponsoredLiveTime,
};

function siteOf(data: unknown): PublicSite {
  if (data && typeof data === 'object' && 'site' in data && data.site && typeof data.site === 'object') return data.site as PublicSite;
  return DEFAULT_PUBLIC_SITE;
}

/** The site's details, from the site layout's loader data among the meta matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): PublicSite {
  return siteOf(matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData);
}

/** The site's details in a component under the public layout. */
export function usePublicSite(): PublicSite {
  return siteOf(useRouteLoaderData(SITE_LAYOUT_ROUTE_ID));
}
