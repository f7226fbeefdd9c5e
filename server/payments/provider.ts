/**
 * What the site needs from a payment provider, whichever it is: create a
 * hosted checkout session, read a session back, and (for providers that push
 * events) verify and read a webhook delivery. Providers translate their own
 * states into ours here, so the settle rules in service.ts are written once.
 */

/** Where a checkout session stands, in the site's terms. */
export type SessionPaymentStatus = 'pending' | 'completed' | 'failed' | 'expired';

export interface CheckoutRequest {
  /** Our payment record; the provider keeps it in the session's metadata. */
  paymentId: number;
  submissionId: number;
  /** Integer minor units (cents). */
  amountCents: number;
  /** Lower-case ISO code. */
  currency: string;
  productName: string;
  productDescription: string;
  customerEmail: string;
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** Absolute; the provider puts the session id where `{CHECKOUT_SESSION_ID}` stands. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckoutSession {
  sessionId: string;
  /** Where the visitor's browser goes to pay. */
  checkoutUrl: string;
}

export interface ProviderSession {
  sessionId: string;
  status: SessionPaymentStatus;
  /** The provider's payment (Stripe's payment intent), once there is one. */
  providerPaymentId: string | null;
  /** Our payment record as the session's metadata names it, if it does. */
  paymentId: number | null;
}

interface EventBase {
  provider: string;
  /** The provider's event id: each is applied once, however often it is delivered. */
  eventId: string;
  eventType: string;
}

/** A provider event, already verified and read into what the site acts on. */
export type PaymentEvent =
  | (EventBase & { kind: 'session'; session: ProviderSession })
  | (EventBase & { kind: 'refund'; providerPaymentId: string; isFullRefund: boolean })
  | (EventBase & { kind: 'other' });

/** What a visitor can do on the built-in test checkout page. */
export type TestCheckoutOutcome = 'pay' | 'cancel' | 'fail' | 'expire';

/** The built-in test checkout page's view of a session. */
export interface TestCheckout {
  sessionId: string;
  amountCents: number;
  currency: string;
  productName: string;
  customerEmail: string;
  /** `open` until paid, failed or expired (also once its lifetime is over). */
  status: 'open' | 'complete' | 'expired';
  isPaid: boolean;
  /** Where the visitor lands once the session is settled. */
  successUrl: string;
}

export interface TestCheckoutSettlement {
  /** Where the browser goes next, as a hosted checkout would send it. */
  redirectUrl: string;
  /** The event the provider "sends" when the session changed; null when nothing changed. */
  event: PaymentEvent | null;
}

export interface PaymentProvider {
  /** Stored with each payment (`payment_transactions.provider`). */
  readonly name: string;
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckoutSession>;
  /** The session as the provider sees it now; null when it does not know it. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Verifies a webhook delivery against its signature and reads it. Throws
   * WebhookSignatureError for a bad signature. Only providers that send
   * webhooks have it.
   */
  parseWebhookEvent?(rawBody: Uint8Array, signature: string): PaymentEvent;
  /**
   * The built-in test checkout's own page reads and settles sessions with
   * these; only that provider has them. (Checked by presence, not with
   * instanceof: the page bundle and the server bundle each carry their own
   * copy of the provider classes.)
   */
  findTestCheckout?(sessionId: string): Promise<TestCheckout | null>;
  /** Null for an unknown session. */
  settleTestCheckout?(sessionId: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSettlement | null>;
}

/** The webhook's signature is missing, malformed or made with another secret. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Webhooks arrive but no signing secret is configured to check them. */
export class WebhookNotConfiguredError extends Error {
  override name = 'WebhookNotConfiguredError';
}

/** Puts the session id into a success or cancel URL, as hosted checkouts do. */
export function withSessionId(url: string, sessionId: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
}
