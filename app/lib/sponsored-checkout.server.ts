/**
 * The sponsored form's server side for its page action: the same schema,
 * rate limit and payments service as POST /api/payments/create-checkout, in
 * process, so the form works without JavaScript too.
 */
import type { AppLoadContext } from 'react-router';
import { ApiError } from '../../server/http/errors.ts';
import { hitRateLimit, tooManyRequests } from '../../server/http/rate-limit.ts';
import { startCheckout } from '../../server/payments/service.ts';
import { formValues, isHoneypotFilled, type FormOutcome } from './form-outcome.ts';
import { checkoutFailedOutcome } from './sponsored-checkout.ts';
import { checkSponsoredForm, SPONSORED_TEXT_FIELDS, type SponsoredFormValues } from './sponsored-form.ts';

export type SponsoredCheckoutAnswer =
  | { kind: 'checkout'; checkoutUrl: string }
  /** A filled honeypot: nothing is stored and no checkout starts. */
  | { kind: 'dropped' }
  /** The outcome, with the values posted so a page without JavaScript can keep them. */
  | { kind: 'refused'; outcome: FormOutcome & { values: Partial<SponsoredFormValues & { terms_accepted: string }> } };

export async function startSponsoredCheckout(
  context: AppLoadContext,
  form: FormData,
  siteUrl: string,
): Promise<SponsoredCheckoutAnswer> {
  const { deps } = context;
  const values = formValues(form, [...SPONSORED_TEXT_FIELDS, 'terms_accepted']);
  const keep = (outcome: FormOutcome) => ({ kind: 'refused' as const, outcome: { ...outcome, values } });

  const checked = checkSponsoredForm(values, 'server');
  if (!checked.ok) return keep(checked.outcome);
  if (isHoneypotFilled(form)) {
    deps.logger.info('sponsored form: honeypot filled, submission dropped');
    return { kind: 'dropped' };
  }
  const limit = await hitRateLimit(deps.db, deps.rateLimits.checkoutPerIp, context.clientIp);
  if (!limit.allowed) {
    return keep({ status: 'error', title: 'Error', description: tooManyRequests(limit).message, httpStatus: 429 });
  }
  try {
    const checkout = await startCheckout(deps, checked.input, siteUrl);
    return { kind: 'checkout', checkoutUrl: checkout.checkout_url };
  } catch (error) {
    if (error instanceof ApiError) return keep(checkoutFailedOutcome(error.message, error.status));
    deps.logger.error({ err: error }, 'sponsored form: the checkout could not start');
    return keep(checkoutFailedOutcome(null, 500));
  }
}
