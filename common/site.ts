/** The site's name, as it appears in titles and previews. */
/** The time zone the back office shows and takes publication times in. */
export const SITE_TIME_ZONE = 'UTC';

export const SITE_NAME = 'Crowdfunding Showcase';

/** One line about the site, for the home page and the feed. */
export const SITE_DESCRIPTION =
  'Reviewed crowdfunding campaigns worth backing: technology, creative projects, social impact and business ideas from Kickstarter and Indiegogo.';

/** Where privacy requests go (footer and privacy policy). */
export const PRIVACY_EMAIL = 'privacy@crowdfundingshowcase.com';

/** Where visitors and sponsors get help. */
export const SUPPORT_EMAIL = 'support@crowdfundingshowcase.com';

/** The sponsored offer's landing page (its own route module, linked from the navigation). */
export const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';

/** The logo, also the publisher logo of the structured data. */
export const LOGO_PATH = '/favicon.svg';

/**
 * What the newsletter signup tells a visitor they agree to: shown beside the
 * form and kept with each signup as the record of consent.
 */
export const NEWSLETTER_CONSENT_TEXT =
  'New reviewed campaigns and guides for campaign owners in your inbox. No spam, unsubscribe at any time.';

/** How long a confirmation link of the newsletter stays valid. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
