import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { LocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test checkout. */
export function createPaymentProvider(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>,
  db: Kysely<Database>,
): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) return new LocalPaymentProvider(db);
  return new StripePaymentProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
