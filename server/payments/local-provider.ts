import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../db/database.ts';
import {
  closeLocalCheckoutSession,
  findLocalCheckoutSession,
  insertLocalCheckoutSession,
} from '../db/queries/payments.ts';
import type { Database, LocalCheckoutSessionRow, LocalCheckoutSessionStatus } from '../db/schema.ts';
import {
  withSessionId,
  type CheckoutRequest,
  type CreatedCheckoutSession,
  type PaymentProvider,
  type ProviderSession,
  type TestCheckout,
  type TestCheckoutOutcome,
  type TestCheckoutSettlement,
} from './provider.ts';

export const LOCAL_PROVIDER_NAME = 'local';

/** Like Stripe's default: an unpaid checkout session expires after a day. */
export const LOCAL_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

const randomId = (prefix: string) => `${prefix}_${randomBytes(20).toString('hex')}`;

function effectiveStatus(row: LocalCheckoutSessionRow, now: number): LocalCheckoutSessionStatus {
  if (row.status === 'open' && row.created_at + LOCAL_SESSION_LIFETIME_SECONDS <= now) return 'expired';
  return row.status;
}

function toProviderSession(row: LocalCheckoutSessionRow, now: number): ProviderSession {
  const status = effectiveStatus(row, now);
  return {
    sessionId: row.id,
    // The test checkout has no slow payment methods: a session completed
    // without payment is one whose payment failed.
    status: status === 'expired' ? 'expired' : status === 'open' ? 'pending' : row.payment_status === 'paid' ? 'completed' : 'failed',
    providerPaymentId: row.payment_intent_id,
    paymentId: row.payment_id,
  };
}

const EVENT_TYPES = {
  pay: 'checkout.session.completed',
  fail: 'checkout.session.async_payment_failed',
  expire: 'checkout.session.expired',
} as const;

/**
 * The built-in test checkout, used when no Stripe key is configured: its
 * sessions live in this site's database and are settled on the page at
 * /checkout/test/{session id}, which charges nothing. It behaves like
 * Stripe's hosted checkout: paying, failing or expiring closes the session
 * and "sends" the matching event; cancelling only goes back to the cancel
 * URL and leaves the session open.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = LOCAL_PROVIDER_NAME;

  constructor(private readonly db: Kysely<Database>) {}

  async createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckoutSession> {
    const id = randomId('cs_local');
    await insertLocalCheckoutSession(this.db, {
      id,
      paymentId: request.paymentId,
      amountCents: request.amountCents,
      currency: request.currency,
      productName: `${request.productName}: ${request.productDescription}`,
      customerEmail: request.customerEmail,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    return { sessionId: id, checkoutUrl: `${request.siteUrl}/checkout/test/${id}` };
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    const row = await findLocalCheckoutSession(this.db, sessionId);
    return row ? toProviderSession(row, nowSeconds()) : null;
  }

  async findTestCheckout(sessionId: string): Promise<TestCheckout | null> {
    const row = await findLocalCheckoutSession(this.db, sessionId);
    if (!row) return null;
    return {
      sessionId: row.id,
      amountCents: row.amount_cents,
      currency: row.currency,
      productName: row.product_name,
      customerEmail: row.customer_email,
      status: effectiveStatus(row, nowSeconds()),
      isPaid: row.payment_status === 'paid',
      successUrl: withSessionId(row.success_url, row.id),
    };
  }

  /** Settles a session from the test checkout page; null for an unknown session. */
  async settleTestCheckout(sessionId: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSettlement | null> {
    const row = await findLocalCheckoutSession(this.db, sessionId);
    if (!row) return null;
    if (outcome === 'cancel') return { redirectUrl: withSessionId(row.cancel_url, row.id), event: null };

    const now = nowSeconds();
    // A session past its lifetime can only expire, whatever was pressed.
    const effective = effectiveStatus(row, now) === 'expired' ? 'expire' : outcome;
    const closed = await closeLocalCheckoutSession(this.db, row.id, {
      status: effective === 'expire' ? 'expired' : 'complete',
      paymentStatus: effective === 'pay' ? 'paid' : 'unpaid',
      paymentIntentId: effective === 'expire' ? null : randomId('pi_local'),
    });
    // Already settled (a second click, another tab): show the result again.
    if (!closed) return { redirectUrl: withSessionId(row.success_url, row.id), event: null };
    return {
      redirectUrl: withSessionId(closed.success_url, closed.id),
      event: {
        provider: LOCAL_PROVIDER_NAME,
        eventId: randomId('evt_local'),
        eventType: EVENT_TYPES[effective],
        kind: 'session',
        session: toProviderSession(closed, now),
      },
    };
  }
}
