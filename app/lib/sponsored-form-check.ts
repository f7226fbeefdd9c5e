/**
 * The sponsored form's fields read into SPEC.md's checkout payload and
 * checked with the shared schema, in the browser before sending and in the
 * page action: the same rules and messages on both sides.
 */
import { invalidFieldsOutcome, type FormOutcome } from './form-outcome.ts';
import { fieldErrorsOf } from '../../common/field-errors.ts';
import { minorUnitsFromText } from '../../common/money.ts';
import { sponsoredSubmissionSchema, type SponsoredSubmissionInput } from '../../common/schemas/sponsored-submission.ts';
import { DEFAULT_TIME_ZONE, siteDayEndToSeconds } from '../../common/site-time.ts';

/** The text fields of the form, in the payload's names. */
export const SPONSORED_TEXT_FIELDS = [
  'project_name',
  'project_url',
  'contact_name',
  'contact_email',
  'description',
  'press_kit_url',
  'budget_range',
] as const;

/**
 * What the sponsor may say of their campaign, all optional: the goal in
 * major units (converted exactly to the payload's minor units), its
 * currency, and the day it ends (a `date` input, read as the end of that day
 * on the site's clocks).
 */
export const SPONSORED_CAMPAIGN_FIELDS = ['campaign_goal', 'campaign_currency', 'campaign_ends_at'] as const;

export type SponsoredTextField = (typeof SPONSORED_TEXT_FIELDS)[number];
export type SponsoredCampaignField = (typeof SPONSORED_CAMPAIGN_FIELDS)[number];
export type SponsoredFormValues = Record<SponsoredTextField | SponsoredCampaignField, string>;

/** The form's words for a goal or a day it cannot read (the API's are about minor units and seconds). */
export const CAMPAIGN_GOAL_FORM_MESSAGE = 'Campaign goal must be an amount such as 20000 or 20000.50';
export const CAMPAIGN_END_FORM_MESSAGE = 'Campaign end must be a date';

/** SPEC.md section 5: the browser's own message under the terms checkbox. */
export const TERMS_REQUIRED_MESSAGE = 'You must accept the Terms of Service';

/** SPEC.md section 5's notice when the terms are not accepted. */
export const TERMS_NOTICE: FormOutcome = {
  status: 'error',
  title: 'Terms required',
  description: 'Please accept the Terms of Service before submitting.',
  httpStatus: 400,
};

/** The posted form as the checkout payload: the checkbox sends `on` when ticked. */
export function sponsoredPayloadOf(values: Partial<Record<string, string>>, timeZone: string = DEFAULT_TIME_ZONE) {
  const payload: Record<string, unknown> = {};
  for (const name of SPONSORED_TEXT_FIELDS) payload[name] = values[name] ?? '';
  // SPEC.md section 3: the budget range is not asked, and always sent as empty text.
  payload.budget_range = '';
  payload.terms_accepted = values.terms_accepted === 'on' || values.terms_accepted === 'true';
  Object.assign(payload, campaignPayloadOf(values, timeZone).payload);
  return payload;
}

/**
 * The campaign fields as the payload has them: only those filled in, each
 * converted; one that cannot be read goes as typed (the schema refuses it)
 * and is named among `unreadable`.
 */
function campaignPayloadOf(values: Partial<Record<string, string>>, timeZone: string) {
  const payload: Record<string, unknown> = {};
  const unreadable: Partial<Record<SponsoredCampaignField, string>> = {};
  const currency = values.campaign_currency?.trim() ?? '';
  if (currency) payload.campaign_currency = currency;
  const goal = values.campaign_goal?.trim() ?? '';
  if (goal) {
    // Without a currency the schema asks for one; the amount is read as two decimals meanwhile.
    const minor = minorUnitsFromText(goal, /^[A-Za-z]{3}$/.test(currency) ? currency : 'USD');
    payload.campaign_goal = minor ?? goal;
    if (minor === undefined) unreadable.campaign_goal = CAMPAIGN_GOAL_FORM_MESSAGE;
  }
  const endDay = values.campaign_ends_at?.trim() ?? '';
  if (endDay) {
    const at = siteDayEndToSeconds(endDay, timeZone);
    payload.campaign_ends_at = at ?? endDay;
    if (at === null) unreadable.campaign_ends_at = CAMPAIGN_END_FORM_MESSAGE;
  }
  return { payload, unreadable };
}

export type SponsoredFormCheck = { ok: true; input: SponsoredSubmissionInput } | { ok: false; outcome: FormOutcome };

/**
 * Checks the posted form. `side` picks the terms message: the browser says
 * SPEC.md's 'You must accept the Terms of Service'; the server's answer is
 * its own 'terms of service must be accepted', shown in the same place.
 */
export function checkSponsoredForm(
  values: Partial<Record<string, string>>,
  side: 'browser' | 'server',
  timeZone: string = DEFAULT_TIME_ZONE,
): SponsoredFormCheck {
  const parsed = sponsoredSubmissionSchema.safeParse(sponsoredPayloadOf(values, timeZone));
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors: Partial<Record<string, string>> = { ...fieldErrorsOf(parsed.error), ...campaignPayloadOf(values, timeZone).unreadable };
  if (fieldErrors.terms_accepted && side === 'browser') fieldErrors.terms_accepted = TERMS_REQUIRED_MESSAGE;
  const isOnlyTerms = Object.keys(fieldErrors).every((field) => field === 'terms_accepted');
  return { ok: false, outcome: isOnlyTerms ? { ...TERMS_NOTICE, fieldErrors } : invalidFieldsOutcome(fieldErrors, 'contact_email') };
}
