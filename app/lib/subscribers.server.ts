/**
 * The newsletter signup's server side: the same schema, rate limit and query
 * module as POST /api/submissions/newsletter, in process.
 */
import type { AppLoadContext } from 'react-router';
import { insertSubscriber } from '../../server/db/queries/subscribers.ts';
import { hitRateLimit, tooManyRequests } from '../../server/http/rate-limit.ts';
import { subscriberSchema } from './schemas/subscriber.ts';
import { formValues, invalidFormOutcome, isHoneypotFilled, type FormOutcome } from './form-outcome.ts';

export const SUBSCRIBED: FormOutcome = {
  status: 'success',
  title: 'Successfully subscribed!',
  description: "You'll receive our latest updates.",
};

export const ALREADY_SUBSCRIBED: FormOutcome = {
  status: 'info',
  title: 'Already subscribed',
  description: 'This email is already on our list!',
};

export async function subscribeToNewsletter(context: AppLoadContext, form: FormData): Promise<FormOutcome> {
  const { deps } = context;
  const parsed = subscriberSchema.safeParse(formValues(form, ['email']));
  if (!parsed.success) return invalidFormOutcome(parsed.error);
  if (isHoneypotFilled(form)) {
    deps.logger.info('newsletter form: honeypot filled, signup dropped');
    return SUBSCRIBED;
  }
  const limit = await hitRateLimit(deps.db, deps.rateLimits.newsletterPerIp, context.clientIp);
  if (!limit.allowed) return { status: 'error', title: 'Error', description: tooManyRequests(limit).message, httpStatus: 429 };
  const subscriber = await insertSubscriber(deps.db, parsed.data.email);
  return subscriber ? SUBSCRIBED : ALREADY_SUBSCRIBED;
}
