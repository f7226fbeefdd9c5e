/**
 * The images social networks show for a shared page (server/social-cards):
 * their size, their addresses, and the category colours that the cards and
 * the pages' cover fallback share.
 */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/**
 * The address of an item's card. `version` is a hash of exactly what the
 * card shows (title, category, site name, logo, cover), so the address
 * changes whenever the picture does and may be cached for good.
 */
export const socialCardPath = (type: 'post' | 'resource', slug: string, version: string) =>
  `/social-cards/${type}/${slug}.png?v=${version}`;

/** The address of the site's own card (the home page's image): its name, tagline and logo. */
export const siteCardPath = (version: string) => `/social-cards/site.png?v=${version}`;

export interface CardPalette {
  from: string;
  to: string;
  /** The site name's colour, and the pattern's. */
  accent: string;
  badgeText: string;
  badgeBackground: string;
}

// Deep shades, so white text keeps a contrast of at least 7:1 on every part of the gradient.
const CATEGORY_PALETTES: Readonly<Record<string, CardPalette>> = {
  funding: { from: '#047857', to: '#022c22', accent: '#a7f3d0', badgeText: '#064e3b', badgeBackground: '#d1fae5' },
  tech: { from: '#0369a1', to: '#082f49', accent: '#bae6fd', badgeText: '#0c4a6e', badgeBackground: '#e0f2fe' },
  creative: { from: '#a21caf', to: '#3b0764', accent: '#f5d0fe', badgeText: '#701a75', badgeBackground: '#fae8ff' },
  social: { from: '#c2410c', to: '#431407', accent: '#fed7aa', badgeText: '#7c2d12', badgeBackground: '#ffedd5' },
  business: { from: '#4338ca', to: '#1e1b4b', accent: '#c7d2fe', badgeText: '#312e81', badgeBackground: '#e0e7ff' },
};
const NEUTRAL_PALETTE: CardPalette = { from: '#334155', to: '#0f172a', accent: '#cbd5e1', badgeText: '#1e293b', badgeBackground: '#e2e8f0' };

/** The colours of a category (one per known category id), neutral ones for any other or none. */
export function cardPalette(categoryId: string | null | undefined): CardPalette {
  return categoryId && Object.hasOwn(CATEGORY_PALETTES, categoryId) ? (CATEGORY_PALETTES[categoryId] as CardPalette) : NEUTRAL_PALETTE;
}
