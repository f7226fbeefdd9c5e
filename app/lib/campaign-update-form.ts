/**
 * The creator's update form read into the API's payload
 * (`campaignCreatorUpdateSchema`): pledged typed in major units of the
 * campaign's currency and converted exactly to minor units, backers as a
 * whole number, the state, and the end as a day read on the site's clocks.
 * A field left empty is not sent, so it keeps its stored value.
 */
import { fieldErrorsOf } from '../../common/field-errors.ts';
import { minorUnitsFromText } from '../../common/money.ts';
import { campaignCreatorUpdateSchema, type CampaignCreatorUpdate } from '../../common/schemas/campaign.ts';
import { siteDayEndToSeconds } from '../../common/site-time.ts';

export const CAMPAIGN_UPDATE_FIELDS = ['pledged', 'backers', 'state', 'ends_at'] as const;
export type CampaignUpdateField = (typeof CAMPAIGN_UPDATE_FIELDS)[number];

export const PLEDGED_FORM_MESSAGE = 'Pledged must be an amount such as 48210 or 48210.50';
export const BACKERS_FORM_MESSAGE = 'Backers must be a whole number, zero or more';
export const END_DAY_FORM_MESSAGE = 'End date must be a date';

export type CampaignUpdateFormCheck =
  | { ok: true; update: CampaignCreatorUpdate }
  | { ok: false; fieldErrors: Partial<Record<CampaignUpdateField | 'form', string>> };

export function checkCampaignUpdateForm(
  values: Partial<Record<string, string>>,
  campaign: { currency: string },
  timeZone: string,
): CampaignUpdateFormCheck {
  const payload: Record<string, unknown> = {};
  const unreadable: Partial<Record<CampaignUpdateField, string>> = {};
  const pledged = values.pledged?.trim() ?? '';
  if (pledged) {
    const minor = minorUnitsFromText(pledged, campaign.currency);
    if (minor === undefined) unreadable.pledged = PLEDGED_FORM_MESSAGE;
    else if (minor !== null) payload.pledged = minor;
  }
  const backers = values.backers?.trim().replace(/,/g, '') ?? '';
  if (backers) {
    if (/^\d{1,15}$/.test(backers)) payload.backers = Number(backers);
    else unreadable.backers = BACKERS_FORM_MESSAGE;
  }
  const state = values.state?.trim() ?? '';
  if (state) payload.state = state;
  const endDay = values.ends_at?.trim() ?? '';
  if (endDay) {
    const at = siteDayEndToSeconds(endDay, timeZone);
    if (at === null) unreadable.ends_at = END_DAY_FORM_MESSAGE;
    else payload.ends_at = at;
  }
  if (Object.keys(unreadable).length > 0) return { ok: false, fieldErrors: unreadable };
  const parsed = campaignCreatorUpdateSchema.safeParse(payload);
  if (parsed.success) return { ok: true, update: parsed.data };
  const fieldErrors = fieldErrorsOf(parsed.error);
  // "Give at least one…" belongs to no field: the form shows it on top.
  return { ok: false, fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: parsed.error.issues[0]?.message ?? 'Please check the form' } };
}
