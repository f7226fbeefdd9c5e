import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sponsoredSubmissionSchema } from '../../app/lib/schemas/sponsored-submission.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { readJson, readQuery } from '../http/input.ts';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit.ts';
import { WebhookNotConfiguredError, WebhookSignatureError } from '../payments/provider.ts';
import {
  findPaymentCancellation,
  findPaymentOfSession,
  handlePaymentEvent,
  publicPaymentStatus,
  startCheckout,
} from '../payments/service.ts';

const sessionQuery = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id must be at most 255 characters'),
});

const sessionNotFound = () => notFound('Payment session not found');

/** The site's origin for the provider's return URLs: PUBLIC_URL, else the origin the request came to. */
function siteUrlOf(c: Context, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? c.req.url).origin;
}

/**
 * /payments: start a checkout for a sponsored submission, look up how a
 * checkout ended, and receive the payment provider's webhook.
 */
export function paymentsApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // Payment states and submitted details are private to whoever holds the session id.
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.post('/create-checkout', async (c) => {
    const input = await readJson(c, sponsoredSubmissionSchema);
    const limit = await hitRateLimit(deps.db, deps.rateLimits.checkoutPerIp, clientIp(c, deps.config.TRUST_PROXY));
    if (!limit.allowed) throw tooManyRequests(limit);
    const checkout = await startCheckout(deps, input, siteUrlOf(c, deps.config.PUBLIC_URL));
    return c.json(checkout, 201);
  });

  app.get('/success', async (c) => {
    const { session_id } = readQuery(c, sessionQuery);
    const payment = await findPaymentOfSession(deps, session_id);
    if (!payment) throw sessionNotFound();
    return c.json({ session_id, status: publicPaymentStatus(payment.status) });
  });

  app.get('/cancel', async (c) => {
    const { session_id } = readQuery(c, sessionQuery);
    const cancellation = await findPaymentCancellation(deps, session_id);
    if (!cancellation) throw sessionNotFound();
    return c.json(cancellation);
  });

  // The signature covers the exact bytes sent, so the body is read raw: no
  // JSON parsing, no content-type check. The API's body limit still applies.
  // Never log the payload: it carries the customer's details.
  app.post('/webhook', async (c) => {
    const { payments } = deps;
    if (!payments.parseWebhookEvent) throw notFound('This site receives no payment webhooks');
    const signature = c.req.header('stripe-signature');
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    if (!signature) throw new ApiError(400, 'VALIDATION_FAILED', 'The Stripe-Signature header is required');
    let event;
    try {
      event = payments.parseWebhookEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        deps.logger.warn({ requestId: c.get('requestId') }, 'payment webhook refused: bad signature');
        throw new ApiError(400, 'VALIDATION_FAILED', 'The Stripe-Signature header does not match the request body');
      }
      if (error instanceof WebhookNotConfiguredError) {
        deps.logger.error('payment webhook received but STRIPE_WEBHOOK_SECRET is not set');
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The payment webhook is not configured yet');
      }
      throw error;
    }
    const { isDuplicate } = await handlePaymentEvent(deps, event);
    return c.json({ received: true, duplicate: isDuplicate });
  });

  return app;
}
