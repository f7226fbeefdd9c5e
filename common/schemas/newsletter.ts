import { z } from 'zod';
import { emailField } from './email.ts';
import { isOneLine, oneLineMessage } from './fields.ts';

/** The most posts one issue may carry, and the most addresses one test send may go to. */
export const NEWSLETTER_MAX_POSTS = 20;
export const NEWSLETTER_MAX_TEST_RECIPIENTS = 5;

/**
 * A newsletter issue as the composer edits it. The intro and closing are
 * markdown, rendered with the same sanitising as posts; `post_ids` is the
 * order the chosen posts appear in.
 */
export const newsletterIssueSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(150, 'Subject must be at most 150 characters')
    .refine(isOneLine, oneLineMessage('Subject')),
  preheader: z.string().trim().max(200, 'Preheader must be at most 200 characters').default(''),
  intro: z.string().max(20_000, 'Intro must be at most 20000 characters').default(''),
  closing: z.string().max(5_000, 'Closing text must be at most 5000 characters').default(''),
  post_ids: z
    .array(z.number().int().positive(), { error: 'Posts must be a list of post ids' })
    .max(NEWSLETTER_MAX_POSTS, `An issue can carry at most ${NEWSLETTER_MAX_POSTS} posts`)
    .refine((ids) => new Set(ids).size === ids.length, 'A post can appear only once in an issue')
    .default([]),
});

/** An edit carries the version it was made on: a stale one is refused (409). */
export const newsletterIssueUpdateSchema = newsletterIssueSchema.extend({
  version: z.number({ error: 'Version is required' }).int().positive(),
});

export const newsletterTestSendSchema = z.object({
  emails: z
    .array(emailField, { error: 'Emails must be a list of addresses' })
    .min(1, 'Give at least one address')
    .max(NEWSLETTER_MAX_TEST_RECIPIENTS, `A test goes to at most ${NEWSLETTER_MAX_TEST_RECIPIENTS} addresses`),
});

/** Send now, or at `scheduled_at` (unix seconds, in the future). */
export const newsletterSendSchema = z.object({
  scheduled_at: z.number({ error: 'scheduled_at must be unix seconds' }).int().positive().optional(),
});

export type NewsletterIssueInput = z.input<typeof newsletterIssueSchema>;
export type NewsletterIssueValues = z.infer<typeof newsletterIssueSchema>;
