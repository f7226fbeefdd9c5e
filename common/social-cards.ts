/** The images social networks show for a shared post or resource: their size and address. */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/** The address of an item's card; its last change in the query lets it be cached for good. */
export const socialCardPath = (type: 'post' | 'resource', slug: string, updatedAt: number) =>
  `/social-cards/${type}/${slug}.png?v=${updatedAt}`;
