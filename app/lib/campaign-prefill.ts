/**
 * What a campaign page's preview fills in the post editor: the title (and
 * the slug it sets), the excerpt, the cover image and the campaign's basics
 * (decision 094), each only while the editor has left it empty. An image is
 * taken only as an https:// address, the one form of outside image a cover
 * may be; a price only in the campaign's currency.
 */
import type { CampaignPreviewJson } from '../../common/answers.ts';
import { platformOfUrl } from '../../common/campaign.ts';
import { amountInputText, minorUnitsFromText } from '../../common/money.ts';
import { slugify } from '../../common/schemas/slug.ts';
import { EMPTY_CAMPAIGN_DRAFT, type CampaignDraft, type ContentDraft } from './content-payload.ts';

export type PrefillFields = Pick<ContentDraft, 'title' | 'slug' | 'excerpt' | 'cover_image'>;

/** The editor's state a preview may fill: the fields above, and the campaign's facts with the link pasted. */
export type PrefillState = PrefillFields & { campaign?: CampaignDraft | null; campaign_url?: string };

const BASIC_TEXTS = ['creator_name', 'location', 'video_url'] as const;

/**
 * The campaign facts with the empty basics filled from the page; null when
 * the page gives none of the missing ones. Without facts yet, new ones are
 * started (on the platform of the pasted link), holding only the basics.
 */
function basicsFill(state: PrefillState, preview: CampaignPreviewJson): CampaignDraft | null {
  const current = state.campaign ?? null;
  const base: CampaignDraft = current ?? { ...EMPTY_CAMPAIGN_DRAFT, platform: platformOfUrl(state.campaign_url ?? '') };
  const next: CampaignDraft = { ...base };
  let filled = false;
  for (const field of BASIC_TEXTS) {
    const value = preview[field];
    if (next[field].trim() === '' && value) {
      next[field] = value;
      filled = true;
    }
  }
  const price = preview.reward_from;
  if (next.reward_from.trim() === '' && price) {
    // New facts take the page's currency; stored ones keep theirs, and a price in another is left out.
    const currency = current === null ? price.currency : next.currency.trim().toUpperCase();
    const minor = price.currency === currency ? minorUnitsFromText(price.amount, currency) : undefined;
    if (minor !== undefined && minor !== null) {
      next.currency = currency;
      next.reward_from = amountInputText(minor, currency);
      filled = true;
    }
  }
  return filled ? next : null;
}

export function campaignPrefill(current: PrefillState, preview: CampaignPreviewJson): Partial<PrefillFields & { campaign: CampaignDraft }> {
  const fill: Partial<PrefillFields & { campaign: CampaignDraft }> = {};
  if (current.title.trim() === '' && preview.title) {
    fill.title = preview.title;
    if (current.slug.trim() === '') fill.slug = slugify(preview.title);
  }
  if (current.excerpt.trim() === '' && preview.description) fill.excerpt = preview.description;
  if (current.cover_image === null && preview.image?.startsWith('https://')) fill.cover_image = preview.image;
  const campaign = basicsFill(current, preview);
  if (campaign !== null) fill.campaign = campaign;
  return fill;
}
