import { data, type AppLoadContext } from 'react-router';
import { DomainError, STATUS_BY_KIND } from '../../common/errors.ts';
import { isDatabaseUnavailable } from '../../common/database-unavailable.ts';
import { NO_STORE } from '../lib/cache-headers.ts';
import { invalidFieldsOutcome, failedOutcome, type FormOutcome } from '../lib/form-outcome.ts';

/** A form's outcome as an action's answer: its status, never stored by any cache. */
export function formAnswer(outcome: FormOutcome) {
  return data(outcome, { status: outcome.httpStatus ?? 200, headers: { 'Cache-Control': NO_STORE } });
}

/** Whether a page's loader or action threw an answer on purpose rather than failed: a redirect, say. */
export const isThrownAnswer = (error: unknown): error is Response => error instanceof Response;

/**
 * Whether an error must leave the page module as it is: an answer thrown on
 * purpose, or a database outage, which the page request handler answers with
 * 503 and Retry-After and logs as a warning (server/pages.ts).
 */
export const isPassedThrough = (error: unknown): boolean => isThrownAnswer(error) || isDatabaseUnavailable(error);

/** How one public form words what went wrong (SPEC.md section 8). */
export interface FormFailureWording {
  /** The log line of a failure of ours, naming the form. */
  logMessage: string;
  /** The form's own words for a refusal; undefined leaves it to the words every form shares. */
  refusal?: (error: DomainError) => FormOutcome | undefined;
  /** 'Error' with the server's message, or (null) the form's fallback text, with the answer's status. */
  failed: (message: string | null, httpStatus: number) => FormOutcome;
}

/**
 * The error path every public form's action shares. An answer thrown on
 * purpose and a database outage go out as they are, so an outage reaches the
 * visitor as a 503 with Retry-After and never as a failure of the form. A refusal
 * (`DomainError`) is worded by the form, or as every form words invalid
 * fields and too many posts, or as the form's failure with the server's
 * message. Anything else is a fault of ours: logged, and the form's failure
 * with 500.
 */
export function formFailure(context: AppLoadContext, error: unknown, wording: FormFailureWording): FormOutcome {
  if (isPassedThrough(error)) throw error;
  if (error instanceof DomainError) {
    const worded = wording.refusal?.(error);
    if (worded) return worded;
    if (error.code === 'VALIDATION_FAILED') return invalidFieldsOutcome(error.fieldErrors ?? { form: error.message });
    if (error.code === 'RATE_LIMITED') return failedOutcome(error.message, STATUS_BY_KIND[error.kind]);
    return wording.failed(error.message, STATUS_BY_KIND[error.kind === 'unavailable' ? 'unavailable' : 'invalid']);
  }
  context.logger.error({ err: error }, wording.logMessage);
  return wording.failed(null, STATUS_BY_KIND.internal);
}
