import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { paymentModeOf } from '../../server/payments/create-provider.ts';

describe('paymentModeOf', () => {
  it.each([
    [{}, 'test'],
    [{ NODE_ENV: 'test' }, 'test'],
    [{ NODE_ENV: 'production' }, 'off'],
    [{ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'false' }, 'off'],
    [{ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }, 'test'],
    [{ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_0123' }, 'stripe'],
    [{ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_0123', PAYMENTS_TEST_MODE: 'true' }, 'stripe'],
  ] as const)('%o → %s', (env, mode) => {
    expect(paymentModeOf(parseConfig({ PUBLIC_URL: 'https://showcase.example.com', ...env }))).toBe(mode);
  });

  it('refuses a PAYMENTS_TEST_MODE that is not a flag', () => {
    expect(() => parseConfig({ PAYMENTS_TEST_MODE: 'maybe' })).toThrow(/PAYMENTS_TEST_MODE/);
  });
});
