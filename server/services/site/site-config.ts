/** What the pages need to know of how this site is configured (from the environment, not the back office). */
import { siteOrigin } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';

export interface SiteConfig {
  /** The site's canonical origin (`siteOrigin`): every absolute link is built from it. */
  publicOrigin: string;
  /** The analytics tag id, loaded only after consent; null for no analytics. */
  gaMeasurementId: string | null;
  sponsoredPrice: { cents: number; currency: string };
}

export function siteConfigService({ config }: AppDeps) {
  const siteConfig: SiteConfig = {
    publicOrigin: siteOrigin(config),
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    sponsoredPrice: { cents: config.SPONSORED_PRICE_CENTS, currency: config.SPONSORED_CURRENCY },
  };
  return { settings: (): SiteConfig => siteConfig };
}
