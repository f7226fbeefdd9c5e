import { z } from 'zod';
import { emailField } from './email.ts';

/** The newsletter signup. */
export const subscriberSchema = z.object({ email: emailField });

export type SubscriberInput = z.infer<typeof subscriberSchema>;

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;

/** At most this many characters of CSV in one import (about 20,000 addresses). */
export const SUBSCRIBER_IMPORT_MAX_LENGTH = 1_000_000;

/**
 * Addresses imported from elsewhere: a CSV (one address per line, or a
 * header line with an `email` column), and where their owners gave consent,
 * which is kept with each address.
 */
export const subscriberImportSchema = z.object({
  csv: z
    .string({ error: 'CSV is required' })
    .min(1, 'CSV is required')
    .max(SUBSCRIBER_IMPORT_MAX_LENGTH, 'The CSV is too large; split it into files under 1 MB'),
  consent_note: z
    .string({ error: 'Consent note is required' })
    .trim()
    .min(10, 'Say where these addresses gave their consent (at least 10 characters)')
    .max(500, 'Consent note must be at most 500 characters'),
});

export type SubscriberImportInput = z.infer<typeof subscriberImportSchema>;
