import { z } from 'zod';
import { isCurrencyCode } from '../campaign.ts';
import { unixSeconds, wholeCount } from './campaign.ts';
import { emailField } from './email.ts';
import { optionalText, optionalUrl, requiredText, requiredUrl, versionField } from './fields.ts';

export const TERMS_NOT_ACCEPTED_MESSAGE = 'terms of service must be accepted';

export const CAMPAIGN_CURRENCY_NEEDED_MESSAGE = 'Campaign currency is needed with a campaign goal';

const CAMPAIGN_CURRENCY_MESSAGE = 'Campaign currency must be an ISO 4217 code such as USD';

const campaignCurrencyField = z
  .string({ error: CAMPAIGN_CURRENCY_MESSAGE })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCurrencyCode, CAMPAIGN_CURRENCY_MESSAGE);

/** Missing, null or empty is "not said". */
const notSaid = (value: unknown) => (value === '' ? null : value);

/**
 * The sponsored submission and checkout payload (SPEC.md sections 3 and 5),
 * with what the sponsor may say of their campaign: its goal in minor units
 * of its currency and its end in Unix seconds, all optional.
 */
export const sponsoredSubmissionSchema = z
  .object({
    project_name: requiredText('Project name', 200),
    project_url: requiredUrl('Project URL'),
    contact_name: requiredText('Contact name', 200),
    contact_email: emailField,
    description: optionalText('Description', 5000),
    press_kit_url: optionalUrl('Press kit URL'),
    budget_range: optionalText('Budget range', 100),
    campaign_goal: z.preprocess(notSaid, wholeCount('Campaign goal').nullish()).transform((value) => value ?? null),
    campaign_currency: z.preprocess(notSaid, campaignCurrencyField.nullish()).transform((value) => value ?? null),
    campaign_ends_at: z.preprocess(notSaid, unixSeconds('Campaign end').nullish()).transform((value) => value ?? null),
    terms_accepted: z.literal(true, { error: TERMS_NOT_ACCEPTED_MESSAGE }),
  })
  .refine((input) => input.campaign_goal === null || input.campaign_currency !== null, {
    message: CAMPAIGN_CURRENCY_NEEDED_MESSAGE,
    path: ['campaign_currency'],
  });

/** Admin: approve or reject (SPEC.md section 4 transitions). */
export const sponsoredSubmissionStatusSchema = z.object({
  status: z.enum(['new', 'approved', 'rejected'], {
    error: 'Status must be new, approved or rejected',
  }),
  version: versionField,
  /** On approval: staff will send a preview before the post goes live, so the approval mail may promise one. */
  preview_promised: z.boolean({ error: 'preview_promised must be true or false' }).optional(),
});

export type SponsoredSubmissionInput = z.infer<typeof sponsoredSubmissionSchema>;
