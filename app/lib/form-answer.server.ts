import { data } from 'react-router';
import { NO_STORE } from './cache-headers.ts';
import type { FormOutcome } from './form-outcome.ts';

/** A form's outcome as an action's answer: its status, never stored by any cache. */
export function formAnswer(outcome: FormOutcome) {
  return data(outcome, { status: outcome.httpStatus ?? 200, headers: { 'Cache-Control': NO_STORE } });
}
