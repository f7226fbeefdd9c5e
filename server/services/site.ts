/** What the pages need to know of how this site is set up. */
import type { AppDeps } from '../deps.ts';

export interface SiteSettings {
  /** The site's canonical origin (PUBLIC_URL): every absolute link is built from it. */
  publicOrigin: string;
  /** The analytics tag id, loaded only after consent; null for no analytics. */
  gaMeasurementId: string | null;
  sponsoredPrice: { cents: number; currency: string };
}

export function siteService({ config }: AppDeps) {
  const settings: SiteSettings = {
    publicOrigin: config.PUBLIC_URL,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    sponsoredPrice: { cents: config.SPONSORED_PRICE_CENTS, currency: config.SPONSORED_CURRENCY },
  };
  return { settings: (): SiteSettings => settings };
}
