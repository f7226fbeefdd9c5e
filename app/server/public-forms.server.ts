/**
 * The public forms' page actions (contact, newsletter, sponsored checkout),
 * so they work without JavaScript too. Each hands the posted fields to the
 * same service as its API endpoint, in process: validation, the honeypot,
 * rate limits and duplicate checks are the service's, and only the answer's
 * wording (SPEC.md section 8's toasts) is decided here.
 */
import type { AppLoadContext } from 'react-router';
import { STATUS_BY_KIND } from '../../common/errors.ts';
import { HONEYPOT_FIELD } from '../../common/honeypot.ts';
import { formFailure } from './form-answer.server.ts';
import { failedOutcome, formValues, type FormOutcome } from '../lib/form-outcome.ts';
import { readPostedForm } from './posted-form.server.ts';
import { checkoutFailedOutcome } from '../lib/sponsored-checkout.ts';
import {
  checkSponsoredForm,
  SPONSORED_CAMPAIGN_FIELDS,
  SPONSORED_TEXT_FIELDS,
  sponsoredPayloadOf,
  type SponsoredFormValues,
} from '../lib/sponsored-form-check.ts';

export const CONTACT_SENT: FormOutcome = {
  status: 'success',
  title: 'Message sent!',
  description: "We'll get back to you as soon as possible.",
};

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

/**
 * A post whose text is not UTF-8 (made by hand: browsers send UTF-8), refused
 * as the API refuses such a body: nothing is stored.
 */
export const NOT_UTF8: FormOutcome = failedOutcome('The form was not sent as UTF-8 text, so nothing was saved.', 400);

const callerOf = (context: AppLoadContext) => ({ clientIp: context.clientIp });

export async function sendContactMessage(context: AppLoadContext, request: Request): Promise<FormOutcome> {
  const form = await readPostedForm(request);
  if (!form) return NOT_UTF8;
  const values = formValues(form, ['name', 'email', 'message']);
  try {
    await context.services.contactMessages.send({ ...values, ...formValues(form, [HONEYPOT_FIELD]) }, callerOf(context));
    return CONTACT_SENT;
  } catch (error) {
    const outcome = formFailure(context, error, {
      logMessage: 'contact form: the message could not be stored',
      failed: (message, httpStatus) => failedOutcome(message || 'Failed to send message', httpStatus),
    });
    return { ...outcome, values };
  }
}

/** Under SPEC.md's toast, when the address waits for its confirmation link. */
export const CHECK_INBOX_NOTE = 'Check your inbox: we sent you a link to confirm your subscription.';

export async function subscribeToNewsletter(context: AppLoadContext, form: FormData, request: Request): Promise<FormOutcome> {
  const values = formValues(form, ['email']);
  try {
    const place = { path: new URL(request.url).pathname };
    const { status } = await context.services.subscribers.subscribe(
      { ...values, ...formValues(form, [HONEYPOT_FIELD]) },
      callerOf(context),
      place,
    );
    return status === 'pending' ? { ...SUBSCRIBED, note: CHECK_INBOX_NOTE } : SUBSCRIBED;
  } catch (error) {
    const outcome = formFailure(context, error, {
      logMessage: 'newsletter form: the signup could not be stored',
      refusal: (refusal) => (refusal.code === 'ALREADY_SUBSCRIBED' ? ALREADY_SUBSCRIBED : undefined),
      failed: (message, httpStatus) => failedOutcome(message || 'Failed to subscribe', httpStatus),
    });
    return outcome === ALREADY_SUBSCRIBED ? outcome : { ...outcome, values };
  }
}

export type SponsoredCheckoutAnswer =
  | { kind: 'checkout'; checkoutUrl: string }
  /** A filled honeypot: nothing is stored and no checkout starts. */
  | { kind: 'dropped' }
  /** The outcome, with the values posted so a page without JavaScript can keep them. */
  | { kind: 'refused'; outcome: FormOutcome & { values: Partial<SponsoredFormValues & { terms_accepted: string }> } };

export async function startSponsoredCheckout(context: AppLoadContext, request: Request): Promise<SponsoredCheckoutAnswer> {
  const form = await readPostedForm(request);
  if (!form) return { kind: 'refused', outcome: { ...NOT_UTF8, values: {} } };
  const values = formValues(form, [...SPONSORED_TEXT_FIELDS, ...SPONSORED_CAMPAIGN_FIELDS, 'terms_accepted']);
  const keep = (outcome: FormOutcome) => ({ kind: 'refused' as const, outcome: { ...outcome, values } });
  // The campaign's end day is read on the site's clocks, as every time the site takes.
  const timeZone = (await context.services.siteProfile.current()).time_zone;
  const payload = { ...sponsoredPayloadOf(values, timeZone), [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) };
  try {
    const started = await context.services.sponsoredSubmissions.startCheckout(payload, callerOf(context));
    return started.kind === 'checkout' ? { kind: 'checkout', checkoutUrl: started.checkout.checkout_url } : { kind: 'dropped' };
  } catch (error) {
    return keep(
      formFailure(context, error, {
        logMessage: 'sponsored form: the checkout could not start',
        refusal: (refusal) => {
          if (refusal.code !== 'VALIDATION_FAILED') return undefined;
          // The form's own wording of its problems (the terms notice, the e-mail field).
          const checked = checkSponsoredForm(values, 'server', timeZone);
          return checked.ok ? failedOutcome(refusal.message, STATUS_BY_KIND[refusal.kind]) : checked.outcome;
        },
        failed: checkoutFailedOutcome,
      }),
    );
  }
}
