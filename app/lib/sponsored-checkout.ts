import { failedOutcome, type FormOutcome } from './form-outcome.ts';

/** SPEC.md section 8: a checkout that cannot start, when there is no better message. */
export const CHECKOUT_FAILED_DESCRIPTION = 'Failed to start checkout';

/** SPEC.md section 8: 'Error' with the message, or 'Failed to start checkout'. */
export function checkoutFailedOutcome(message: string | null, httpStatus: number): FormOutcome {
  return failedOutcome(message || CHECKOUT_FAILED_DESCRIPTION, httpStatus);
}
