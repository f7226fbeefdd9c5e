import { z } from 'zod';
import { emailField } from './email.ts';
import { optionalText, optionalUrl, requiredText, requiredUrl, versionField } from './fields.ts';

export const TERMS_NOT_ACCEPTED_MESSAGE = 'terms of service must be accepted';

/** The sponsored submission and checkout payload (SPEC.md sections 3 and 5). */
export const sponsoredSubmissionSchema = z.object({
  project_name: requiredText('Project name', 200),
  project_url: requiredUrl('Project URL'),
  contact_name: requiredText('Contact name', 200),
  contact_email: emailField,
  description: optionalText('Description', 5000),
  press_kit_url: optionalUrl('Press kit URL'),
  budget_range: optionalText('Budget range', 100),
  terms_accepted: z.literal(true, { error: TERMS_NOT_ACCEPTED_MESSAGE }),
});

/** Admin: approve or reject (SPEC.md section 4 transitions). */
export const sponsoredSubmissionStatusSchema = z.object({
  status: z.enum(['new', 'approved', 'rejected'], {
    error: 'Status must be new, approved or rejected',
  }),
  version: versionField,
});

export type SponsoredSubmissionInput = z.infer<typeof sponsoredSubmissionSchema>;
