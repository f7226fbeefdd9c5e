/**
 * The payment result pages' lookups, in process: the same service calls as
 * GET /api/payments/success and /api/payments/cancel. Failures are answers
 * the page shows, with the status the document goes out with.
 */
import type { AppLoadContext } from 'react-router';
import type { PaymentCancellation, PaymentStatusWithReference } from '../../common/answers.ts';
import { isDatabaseUnavailable } from '../../common/database-unavailable.ts';
import { isThrownAnswer } from './form-answer.server.ts';
import type { PaymentLookup } from '../lib/payment-lookup.ts';

/** The success page's result: the status, and the receipt's payment reference once paid. */
export type PaymentStatusResult = PaymentStatusWithReference;

export type PaymentCancellationResult = PaymentCancellation;

/** The API's message for an unknown session, so the 'not found' retry rule reads the same text. */
const SESSION_NOT_FOUND = 'Payment session not found';

export interface LookupAnswer<T> {
  lookup: PaymentLookup<T>;
  httpStatus: number;
}

/** The session id of the query; null when absent or blank. */
export function sessionIdOf(request: Request): string | null {
  const sessionId = new URL(request.url).searchParams.get('session_id')?.trim();
  return sessionId ? sessionId.slice(0, 255) : null;
}

async function lookUp<T>(
  context: AppLoadContext,
  request: Request,
  find: (sessionId: string) => Promise<T | null>,
): Promise<LookupAnswer<T>> {
  const sessionId = sessionIdOf(request);
  if (!sessionId) return { lookup: { state: 'missing' }, httpStatus: 400 };
  try {
    const result = await find(sessionId);
    if (!result) return { lookup: { state: 'error', message: SESSION_NOT_FOUND }, httpStatus: 404 };
    return { lookup: { state: 'ready', result }, httpStatus: 200 };
  } catch (error) {
    // An outage is a warning; anything else is a fault of ours.
    if (isDatabaseUnavailable(error)) context.logger.warn({ err: error }, 'database unavailable');
    else if (!isThrownAnswer(error)) context.logger.error({ err: error }, 'payment result page: the lookup failed');
    return { lookup: { state: 'error', message: null }, httpStatus: 503 };
  }
}

export function findPaymentStatusResult(context: AppLoadContext, request: Request) {
  return lookUp<PaymentStatusResult>(context, request, (sessionId) => context.services.payments.findStatus(sessionId));
}

export function findPaymentCancellationResult(context: AppLoadContext, request: Request) {
  return lookUp<PaymentCancellationResult>(context, request, (sessionId) =>
    context.services.payments.findCancellation(sessionId),
  );
}
