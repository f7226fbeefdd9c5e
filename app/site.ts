/** The site's name, as it appears in titles and previews. */
export const SITE_NAME = 'Crowdfunding Showcase';
