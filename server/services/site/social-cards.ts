/**
 * What each social card shows and the address the pages give it
 * (server/social-cards): one place for both, so the address a page names
 * is the version the card's server draws, and `immutable` stays true.
 */
import type { PostJson, ResourceJson } from '../../../common/answers.ts';
import { logoPathOf } from '../../../common/schemas/site-settings.ts';
import { siteCardPath, socialCardPath } from '../../../common/social-cards.ts';
import { findCategoryById } from '../../db/queries/categories.ts';
import type { AppDeps } from '../../deps.ts';
import { drawableImage, socialCardVersion, type SocialCardDrawing } from '../../social-cards/drawing.ts';
import type { SiteSettingsJson } from './site-profile.ts';

export interface SocialCard {
  drawing: SocialCardDrawing;
  /** A hash of the drawing: the card's address and its key in storage. */
  version: string;
  /** What the card is of (`post:12`, `resource:3`, `site`): a newer version of the same subject replaces it in storage. */
  subject: string;
  /** The card's address, with its version. */
  path: string;
}

export function socialCardsService({ db }: AppDeps, siteProfile: { current(): Promise<SiteSettingsJson> }) {
  return {
    /** The card of a post or resource. */
    async ofItem(type: 'post' | 'resource', item: PostJson | ResourceJson): Promise<SocialCard> {
      // A post comes with its categories, in menu order; a resource names only its category's id.
      const category =
        'post_categories' in item
          ? item.post_categories[0]?.category
          : item.category_id
            ? await findCategoryById(db, item.category_id)
            : undefined;
      const site = await siteProfile.current();
      const drawing: SocialCardDrawing = {
        kind: 'item',
        title: item.title,
        category: category ? { id: category.id, name: category.name } : null,
        sponsored: 'sponsored' in item && item.sponsored,
        siteName: site.site_name,
        tagline: null,
        logo: drawableImage(logoPathOf(site)),
        cover: drawableImage(item.cover_image),
      };
      const version = socialCardVersion(drawing);
      return { drawing, version, subject: `${type}:${item.id}`, path: socialCardPath(type, item.slug, version) };
    },

    /** The site's own card: the home page's image. */
    async ofSite(): Promise<SocialCard> {
      const site = await siteProfile.current();
      const drawing: SocialCardDrawing = {
        kind: 'site',
        title: site.site_name,
        category: null,
        sponsored: false,
        siteName: site.site_name,
        tagline: site.tagline,
        logo: drawableImage(logoPathOf(site)),
        cover: null,
      };
      const version = socialCardVersion(drawing);
      return { drawing, version, subject: 'site', path: siteCardPath(version) };
    },
  };
}
