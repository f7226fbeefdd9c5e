/** What the pages need to know of how this site is set up. */
import type { AppDeps } from '../deps.ts';

export interface SiteSettings {
  /** The configured canonical origin (PUBLIC_URL), when there is one. */
  publicOrigin: string | null;
  /** The analytics tag id, loaded only after consent; null for no analytics. */
  gaMeasurementId: string | null;
  sponsoredPrice: { cents: number; currency: string };
}

export function siteService({ config }: AppDeps) {
  const settings: SiteSettings = {
    publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    sponsoredPrice: { cents: config.SPONSORED_PRICE_CENTS, currency: config.SPONSORED_CURRENCY },
  };
  return { settings: (): SiteSettings => settings };
}
