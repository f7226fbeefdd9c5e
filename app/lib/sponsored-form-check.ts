/**
 * The sponsored form's fields read into SPEC.md's checkout payload and
 * checked with the shared schema, in the browser before sending and in the
 * page action: the same rules and messages on both sides.
 */
import { invalidFieldsOutcome, type FormOutcome } from './form-outcome.ts';
import { fieldErrorsOf } from '../../common/field-errors.ts';
import { sponsoredSubmissionSchema, type SponsoredSubmissionInput } from '../../common/schemas/sponsored-submission.ts';

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

export type SponsoredTextField = (typeof SPONSORED_TEXT_FIELDS)[number];
export type SponsoredFormValues = Record<SponsoredTextField, string>;

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
export function sponsoredPayloadOf(values: Partial<Record<string, string>>) {
  const payload: Record<string, unknown> = {};
  for (const name of SPONSORED_TEXT_FIELDS) payload[name] = values[name] ?? '';
  // SPEC.md section 3: the budget range is not asked, and always sent as empty text.
  payload.budget_range = '';
  payload.terms_accepted = values.terms_accepted === 'on' || values.terms_accepted === 'true';
  return payload;
}

export type SponsoredFormCheck = { ok: true; input: SponsoredSubmissionInput } | { ok: false; outcome: FormOutcome };

/**
 * Checks the posted form. `side` picks the terms message: the browser says
 * SPEC.md's 'You must accept the Terms of Service'; the server's answer is
 * its own 'terms of service must be accepted', shown in the same place.
 */
export function checkSponsoredForm(values: Partial<Record<string, string>>, side: 'browser' | 'server'): SponsoredFormCheck {
  const parsed = sponsoredSubmissionSchema.safeParse(sponsoredPayloadOf(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors = fieldErrorsOf(parsed.error);
  if (fieldErrors.terms_accepted && side === 'browser') fieldErrors.terms_accepted = TERMS_REQUIRED_MESSAGE;
  const isOnlyTerms = Object.keys(fieldErrors).every((field) => field === 'terms_accepted');
  return { ok: false, outcome: isOnlyTerms ? { ...TERMS_NOTICE, fieldErrors } : invalidFieldsOutcome(fieldErrors, 'contact_email') };
}
