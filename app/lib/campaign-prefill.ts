/**
 * What a campaign page's preview fills in the post editor: the title (and
 * the slug it sets), the excerpt and the cover image, each only while the
 * editor has left it empty. An image is taken only as an https:// address,
 * the one form of outside image a cover may be.
 */
import type { CampaignPreviewJson } from '../../common/answers.ts';
import { slugify } from '../../common/schemas/slug.ts';
import type { ContentDraft } from './content-payload.ts';

export type PrefillFields = Pick<ContentDraft, 'title' | 'slug' | 'excerpt' | 'cover_image'>;

export function campaignPrefill(current: PrefillFields, preview: CampaignPreviewJson): Partial<PrefillFields> {
  const fill: Partial<PrefillFields> = {};
  if (current.title.trim() === '' && preview.title) {
    fill.title = preview.title;
    if (current.slug.trim() === '') fill.slug = slugify(preview.title);
  }
  if (current.excerpt.trim() === '' && preview.description) fill.excerpt = preview.description;
  if (current.cover_image === null && preview.image?.startsWith('https://')) fill.cover_image = preview.image;
  return fill;
}
