/**
 * The contact form's server side, shared by the page action: the same schema,
 * rate limit and query module as POST /api/submissions/contact, in process.
 */
import { createHash } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import { insertContactMessage } from '../../server/db/queries/contact-messages.ts';
import { hitRateLimit, tooManyRequests, type RateLimitRule } from '../../server/http/rate-limit.ts';
import { contactMessageSchema } from './schemas/contact-message.ts';
import { formValues, invalidFormOutcome, isHoneypotFilled, type FormOutcome } from './form-outcome.ts';

export const CONTACT_SENT: FormOutcome = {
  status: 'success',
  title: 'Message sent!',
  description: "We'll get back to you as soon as possible.",
};

// The same message sent again within this window (a double click without
// JavaScript, a reload that re-posts) is answered but stored once.
const DUPLICATE_WINDOW: RateLimitRule = { name: 'contact-dup', max: 1, windowSeconds: 10 * 60 };

export async function sendContactMessage(context: AppLoadContext, form: FormData): Promise<FormOutcome> {
  const { deps } = context;
  const parsed = contactMessageSchema.safeParse(formValues(form, ['name', 'email', 'message']));
  if (!parsed.success) return invalidFormOutcome(parsed.error);
  if (isHoneypotFilled(form)) {
    deps.logger.info('contact form: honeypot filled, message dropped');
    return CONTACT_SENT;
  }
  const limit = await hitRateLimit(deps.db, deps.rateLimits.contactPerIp, context.clientIp);
  if (!limit.allowed) return { status: 'error', title: 'Error', description: tooManyRequests(limit).message, httpStatus: 429 };

  const input = parsed.data;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([input.name, input.email.toLowerCase(), input.message]))
    .digest('base64url');
  const duplicate = await hitRateLimit(deps.db, DUPLICATE_WINDOW, fingerprint);
  if (!duplicate.allowed) return CONTACT_SENT;

  await insertContactMessage(deps.db, input);
  return CONTACT_SENT;
}
