import type { AppLoadContext } from 'react-router';
import { fillLegalTemplate } from '../../common/legal-templates.ts';
import { formatPrice } from '../../common/money.ts';
import type { SiteConfig } from '../../server/services/site/site-config.ts';
import type { SiteSettingsJson } from '../../common/schemas/site-settings.ts';
import { renderMarkdown, type RenderedMarkdown } from './markdown.server.tsx';
import type { PublicSite } from '../lib/public-site.ts';

/** How this site is configured (analytics, the sponsored price), for page loaders. */
export function siteConfig(context: AppLoadContext): SiteConfig {
  return context.services.siteConfig.settings();
}

/** The sponsored post's price as advertised (`$75`), from SPONSORED_PRICE_CENTS and SPONSORED_CURRENCY. */
export function sponsoredPriceLabel(context: AppLoadContext): string {
  const { cents, currency } = siteConfig(context).sponsoredPrice;
  return formatPrice(cents, currency);
}

/** The site profile (name, addresses, legal texts), as saved in the back office or its defaults. */
export function siteProfile(context: AppLoadContext): Promise<SiteSettingsJson> {
  return context.services.siteProfile.current();
}

/** What every public page shows of the settings (header, footer, titles): never the legal texts. */
export async function publicSite(context: AppLoadContext): Promise<PublicSite> {
  const settings = await siteProfile(context);
  return {
    name: settings.site_name,
    tagline: settings.tagline,
    logoUrl: settings.logo_url,
    contactEmail: settings.contact_email,
    privacyEmail: settings.privacy_email,
    social: settings.social,
    heroHeading: settings.hero_heading,
    heroText: settings.hero_text,
    metaDescription: settings.meta_description,
    contactLine: settings.contact_line,
    sponsoredLiveTime: settings.sponsored_live_time,
  };
}

/** A legal page, rendered from its markdown with the site's name, addresses and cookies filled in, and the date it last changed. */
export async function legalText(context: AppLoadContext, page: 'privacy' | 'terms'): Promise<{ content: RenderedMarkdown; updated: string }> {
  const settings = await siteProfile(context);
  const markdown = page === 'privacy' ? settings.privacy_policy_md : settings.terms_md;
  return {
    content: await renderMarkdown(context, fillLegalTemplate(markdown, {
        ...settings,
        sponsored_price: sponsoredPriceLabel(context),
        analytics: siteConfig(context).gaMeasurementId !== null,
      }), (error) =>
      context.logger.warn({ err: error, page }, 'legal page markdown could not be rendered: showing raw text'),
    ),
    updated: page === 'privacy' ? settings.privacy_policy_updated : settings.terms_updated,
  };
}

/** Whether public pages send their page-view beacon: the owner's switch (decision 065), read through its short cache. */
export function countingEnabled(context: AppLoadContext): Promise<boolean> {
  return context.services.analytics.countingEnabled();
}
