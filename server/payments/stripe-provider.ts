import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ModuleLoadError } from '../lazy-module.ts';
import {
  WebhookNotConfiguredError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CreatedCheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSession,
} from './provider.ts';

export const STRIPE_PROVIDER_NAME = 'stripe';

/**
 * The SDK, loaded when a Stripe provider is made rather than at start
 * (server/lazy-module.ts): a site without STRIPE_SECRET_KEY never loads it.
 * Required synchronously, as webhook verification is synchronous.
 */
function loadStripe(): typeof Stripe {
  try {
    return createRequire(import.meta.url)('stripe') as typeof Stripe;
  } catch (error) {
    throw new ModuleLoadError('stripe', 'payments', error);
  }
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  /** Another address for the Stripe API (tests talk to a stand-in). */
  apiBase?: string | undefined;
  /** Retries of a failed API call; the SDK adds idempotency keys to retried POSTs. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Splits STRIPE_API_BASE into the host, port and protocol the SDK takes. */
export function stripeHostConfig(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

// Webhook payloads are signed by Stripe, but still read through a schema:
// only the fields acted on, with the types relied on.
const idOrObject = z.union([z.string(), z.object({ id: z.string() }), z.null()]).transform((value) =>
  typeof value === 'string' || value === null ? value : value.id,
);

const checkoutSessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string().min(1),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  payment_intent: idOrObject.optional().default(null),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

const chargeSchema = z.object({
  object: z.literal('charge'),
  id: z.string().min(1),
  payment_intent: idOrObject,
  refunded: z.boolean(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

type CheckoutSessionFields = z.infer<typeof checkoutSessionSchema>;

/**
 * Reads a Stripe object. A mismatch is our bug, not the caller's: it throws
 * a plain Error, so the webhook answers 500 and Stripe delivers it again.
 */
function readStripeObject<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Unexpected ${what} from Stripe: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
}

function toProviderSession(session: CheckoutSessionFields): ProviderSession {
  const paymentId = Number(session.metadata?.payment_id);
  return {
    sessionId: session.id,
    // Completed only when Stripe says the money is there: a session can be
    // complete with an unpaid, still processing, delayed payment.
    status: session.status === 'expired' ? 'expired' : session.payment_status === 'paid' ? 'completed' : 'pending',
    providerPaymentId: session.payment_intent ?? null,
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
  };
}

const readSession = (value: unknown) =>
  toProviderSession(readStripeObject(checkoutSessionSchema, value, 'checkout session'));

/**
 * Stripe Checkout: a hosted page for a one-time payment, then signed webhook
 * events (checkout.session.completed and friends) that settle the payment.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER_NAME;
  private readonly sdk: typeof Stripe;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.sdk = loadStripe();
    this.stripe = new this.sdk(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'crowdfunding-showcase' },
      ...(options.apiBase ? stripeHostConfig(options.apiBase) : {}),
    });
    this.webhookSecret = options.webhookSecret;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckoutSession> {
    const metadata = { submission_id: String(request.submissionId), payment_id: String(request.paymentId) };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amountCents,
            product_data: { name: request.productName, description: request.productDescription },
          },
        },
      ],
      client_reference_id: String(request.submissionId),
      metadata,
      payment_intent_data: { metadata },
      customer_email: request.customerEmail,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return { sessionId: session.id, checkoutUrl: session.url };
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return readSession(session);
    } catch (error) {
      if (error instanceof this.sdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  parseWebhookEvent(rawBody: Uint8Array, signature: string): PaymentEvent {
    if (!this.webhookSecret) throw new WebhookNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
    let verified: unknown;
    try {
      verified = this.stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, this.webhookSecret);
    } catch (error) {
      // Not only StripeSignatureVerificationError: a malformed header (an
      // empty `v1=`) makes the SDK throw a plain Error. Either way the
      // request cannot be verified, which is the caller's fault, not ours.
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'unverifiable webhook signature');
    }
    const event = readStripeObject(eventSchema, verified, 'event');
    const base = { provider: STRIPE_PROVIDER_NAME, eventId: event.id, eventType: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        return { ...base, kind: 'session', session: readSession(event.data.object) };
      case 'checkout.session.async_payment_failed':
        return { ...base, kind: 'session', session: { ...readSession(event.data.object), status: 'failed' } };
      case 'charge.refunded': {
        const charge = readStripeObject(chargeSchema, event.data.object, 'charge');
        if (!charge.payment_intent) return { ...base, kind: 'other' };
        return { ...base, kind: 'refund', providerPaymentId: charge.payment_intent, isFullRefund: charge.refunded };
      }
      default:
        return { ...base, kind: 'other' };
    }
  }
}
