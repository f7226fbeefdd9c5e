/**
 * Two apps in one process (two servers in one test, a preview beside the
 * site) each keep their own memories: what one app remembers never answers
 * for the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securitySettings } from '../../server/auth/security-settings.ts';
import { writeSiteSetting } from '../../server/db/queries/site-settings.ts';
import type { AppDeps } from '../../server/deps.ts';
import type { PaymentProvider, ProviderSession } from '../../server/payments/provider.ts';
import { buildDeps, composeApp } from '../../server/start-up.ts';
import { insertPayment } from '../helpers/payments.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A provider that counts the times it is asked about a session, which it always calls pending. */
function countingProvider() {
  const provider = {
    name: 'counting',
    asked: 0,
    createCheckoutSession: () => Promise.reject(new Error('not used')),
    retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      provider.asked += 1;
      return Promise.resolve({ sessionId, status: 'pending', providerPaymentId: null, paymentId: null });
    },
  } satisfies PaymentProvider & { asked: number };
  return provider;
}

const provider = countingProvider();
let t: TestApp;
/** A second app over the same database, as a second server would be. */
let other: AppDeps;

beforeAll(async () => {
  t = await createTestApp({ payments: () => provider });
  const { db, engine, dbPool, config, logger, signingKey, totpEncryptionKey, rateLimits } = t.deps;
  other = buildDeps({ db, engine, ...(dbPool ? { dbPool } : {}), config, logger, signingKey, totpEncryptionKey, rateLimits, payments: provider });
});
afterAll(async () => {
  await t.close();
});

describe('memories kept per app', () => {
  it('asks the provider once per app about a pending session, not once per process', async () => {
    const submissionId = await insertPayment(t, null, { amount: 5000, status: 'pending', provider: provider.name });
    await t.deps.db.updateTable('payment_transactions').set({ provider_session_id: 'cs_per_app' }).where('submission_id', '=', submissionId).execute();

    const first = composeApp(t.deps).services.payments;
    const second = composeApp(other).services.payments;
    expect(await first.findStatus('cs_per_app')).toEqual({ session_id: 'cs_per_app', status: 'pending', payment_reference: null });
    expect(provider.asked).toBe(1);
    // Within the interval the first app answers from what it stored.
    await first.findStatus('cs_per_app');
    expect(provider.asked).toBe(1);
    // The second app has not asked yet: it does.
    await second.findStatus('cs_per_app');
    expect(provider.asked).toBe(2);
  });

  it('keeps the security settings per app', async () => {
    expect((await securitySettings(t.deps)).require_totp).toBe(false);
    // Changed by another server: this app's recent copy still says false, a fresh app reads the change.
    await writeSiteSetting(t.deps.db, { key: 'security', value: JSON.stringify({ require_totp: true }), now: 1, userId: null });
    expect((await securitySettings(t.deps)).require_totp).toBe(false);
    expect((await securitySettings(other)).require_totp).toBe(true);
  });

  it('gives each app its own social card memory', () => {
    expect(other.socialCardCache).not.toBe(t.deps.socialCardCache);
    expect(other.providerChecks).not.toBe(t.deps.providerChecks);
    expect(other.securitySettingsCache).not.toBe(t.deps.securitySettingsCache);
  });
});
