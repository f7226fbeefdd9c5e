/**
 * The built-in test checkout for its page loader and action. Server-only; it
 * calls the payments service in process, as the API does.
 */
import { data, type AppLoadContext } from 'react-router';
import { DomainError, STATUS_BY_KIND } from '../../common/errors.ts';
import type { TestCheckoutOutcome } from '../../server/services/index.ts';
import { formatMoney } from '../../common/money.ts';

/** What the page shows, and nothing more: loader data reaches the browser too. */
export interface TestCheckoutView {
  sessionId: string;
  amountLabel: string;
  productName: string;
  customerEmail: string;
  state: 'open' | 'paid' | 'failed' | 'expired';
  /** The result page of this session, on this site. */
  resultPath: string;
}

/**
 * In production without PAYMENTS_TEST_MODE the test checkout is off: the
 * service refuses, and the page answers 503 with the service's message.
 */
async function refusingWhenOff<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE') {
      throw data(error.message, { status: STATUS_BY_KIND[error.kind], headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
}

export async function findTestCheckoutView(context: AppLoadContext, sessionId: string): Promise<TestCheckoutView | null> {
  const checkout = await refusingWhenOff(() => context.services.payments.findTestCheckout(sessionId));
  if (!checkout) return null;
  const resultUrl = new URL(checkout.successUrl);
  return {
    sessionId: checkout.sessionId,
    amountLabel: formatMoney(checkout.amountCents, checkout.currency),
    productName: checkout.productName,
    customerEmail: checkout.customerEmail,
    state:
      checkout.status === 'open' ? 'open' : checkout.status === 'expired' ? 'expired' : checkout.isPaid ? 'paid' : 'failed',
    resultPath: `${resultUrl.pathname}${resultUrl.search}`,
  };
}

/** Settles the session as chosen; the URL to send the browser to, or null for an unknown session. */
export async function settleTestCheckoutSession(
  context: AppLoadContext,
  sessionId: string,
  outcome: TestCheckoutOutcome,
): Promise<string | null> {
  const settled = await refusingWhenOff(() => context.services.payments.settleTestCheckout(sessionId, outcome));
  return settled?.redirectUrl ?? null;
}
