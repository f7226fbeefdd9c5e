import { data, type AppLoadContext } from 'react-router';
import { DomainError } from '../../common/errors.ts';
import { NO_STORE } from './cache-headers.ts';
import { invalidFieldsOutcome, failedOutcome, type FormOutcome } from './form-outcome.ts';

/** A form's outcome as an action's answer: its status, never stored by any cache. */
export function formAnswer(outcome: FormOutcome) {
  return data(outcome, { status: outcome.httpStatus ?? 200, headers: { 'Cache-Control': NO_STORE } });
}

/**
 * Whether a page's loader or action threw an answer on purpose rather than
 * failed: above all the 503 with Retry-After that a database outage becomes
 * (the services as pages see them, server/pages.ts), already logged there as
 * a warning; also a redirect.
 */
export const isThrownAnswer = (error: unknown): error is Response => error instanceof Response;

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
 * purpose goes out as it is, so a database outage reaches the visitor as a
 * 503 with Retry-After and never as a failure of the form. A refusal
 * (`DomainError`) is worded by the form, or as every form words invalid
 * fields and too many posts, or as the form's failure with the server's
 * message. Anything else is a fault of ours: logged, and the form's failure
 * with 500.
 */
export function formFailure(context: AppLoadContext, error: unknown, wording: FormFailureWording): FormOutcome {
  if (isThrownAnswer(error)) throw error;
  if (error instanceof DomainError) {
    const worded = wording.refusal?.(error);
    if (worded) return worded;
    if (error.code === 'VALIDATION_FAILED') return invalidFieldsOutcome(error.fieldErrors ?? { form: error.message });
    if (error.code === 'RATE_LIMITED') return failedOutcome(error.message, 429);
    return wording.failed(error.message, error.kind === 'unavailable' ? 503 : 400);
  }
  context.logger.error({ err: error }, wording.logMessage);
  return wording.failed(null, 500);
}
