import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError, notFound } from '../../common/errors.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readJsonObject, readQuery } from '../http/input.ts';
import { WebhookNotConfiguredError, WebhookSignatureError } from '../services/sponsors/payments.ts';
import type { AppServices } from '../services/index.ts';

const sessionQuery = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id must be at most 255 characters'),
});

const sessionNotFound = () => notFound('Payment session not found');

/**
 * /payments: start a checkout for a sponsored submission, look up how a
 * checkout ended, and receive the payment provider's webhook.
 */
export function paymentsApi(
  { payments, sponsoredSubmissions }: AppServices,
  { logger }: Pick<AppDeps, 'logger'>,
  callerOf: CallerOf,
) {
  const app = new Hono<AppEnv>();

  // Payment states and submitted details are private to whoever holds the session id.
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.post('/create-checkout', async (c) => {
    const started = await sponsoredSubmissions.startCheckout(await readJsonObject(c), callerOf(c));
    // A dropped bot submission is sent back to the offer, as the form does.
    if (started.kind === 'dropped') return c.json({ checkout_url: started.landingUrl, session_id: null }, 201);
    return c.json(started.checkout, 201);
  });

  app.get('/success', async (c) => {
    const { session_id } = readQuery(c, sessionQuery);
    const result = await payments.findStatus(session_id);
    if (!result) throw sessionNotFound();
    // SPEC.md section 3's payment status result, as clients read it.
    return c.json({ session_id: result.session_id, status: result.status });
  });

  app.get('/cancel', async (c) => {
    const { session_id } = readQuery(c, sessionQuery);
    const cancellation = await payments.findCancellation(session_id);
    if (!cancellation) throw sessionNotFound();
    return c.json(cancellation);
  });

  // The signature covers the exact bytes sent, so the body is read raw: no
  // JSON parsing, no content-type check. The API's body limit still applies.
  // Never log the payload: it carries the customer's details.
  app.post('/webhook', async (c) => {
    if (!payments.parseWebhookEvent) throw notFound('This site receives no payment webhooks');
    const signature = c.req.header('stripe-signature');
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    if (!signature) throw new DomainError('VALIDATION_FAILED', 'The Stripe-Signature header is required');
    let event;
    try {
      event = payments.parseWebhookEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn({ requestId: c.get('requestId') }, 'payment webhook refused: bad signature');
        throw new DomainError('VALIDATION_FAILED', 'The Stripe-Signature header does not match the request body');
      }
      if (error instanceof WebhookNotConfiguredError) {
        logger.error('payment webhook received but STRIPE_WEBHOOK_SECRET is not set');
        throw new DomainError('SERVICE_UNAVAILABLE', 'The payment webhook is not configured yet');
      }
      throw error;
    }
    const { isDuplicate } = await payments.handleEvent(event);
    return c.json({ received: true, duplicate: isDuplicate });
  });

  return app;
}
