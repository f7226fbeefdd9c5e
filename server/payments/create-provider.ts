import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { LOCAL_PROVIDER_NAME, LocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

/**
 * How this site takes payments: 'stripe' when STRIPE_SECRET_KEY is set;
 * otherwise the built-in test checkout, which charges nothing ('test'), but
 * only outside production or with PAYMENTS_TEST_MODE=true; otherwise none
 * ('off': checkouts are refused).
 */
export type PaymentMode = 'stripe' | 'test' | 'off';

export function paymentModeOf(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'NODE_ENV' | 'PAYMENTS_TEST_MODE'>): PaymentMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV !== 'production' || config.PAYMENTS_TEST_MODE ? 'test' : 'off';
}

/**
 * True when the provider in use is the built-in test checkout but it may not
 * run: in production without PAYMENTS_TEST_MODE=true it would hand out
 * sponsored posts for free.
 */
export function isTestCheckoutRefused(deps: { config: Pick<Config, 'NODE_ENV' | 'PAYMENTS_TEST_MODE'>; payments: Pick<PaymentProvider, 'name'> }): boolean {
  return (
    deps.payments.name === LOCAL_PROVIDER_NAME && deps.config.NODE_ENV === 'production' && !deps.config.PAYMENTS_TEST_MODE
  );
}

/**
 * The mode of a running site, from the provider it was given: what the back
 * office's banner and its revenue card both say.
 */
export function paymentModeIn(deps: Parameters<typeof isTestCheckoutRefused>[0]): PaymentMode {
  if (deps.payments.name !== LOCAL_PROVIDER_NAME) return 'stripe';
  return isTestCheckoutRefused(deps) ? 'off' : 'test';
}

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test checkout (see paymentModeOf for when it may run). */
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
