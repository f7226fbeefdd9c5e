/**
 * Sponsored payments: straight into the tables, for tests that choose when a
 * payment completed (the dashboard's revenue weeks), or through the test
 * checkout as a visitor pays.
 */
import { expect } from 'vitest';
import type { PaymentStatus } from '../../common/answers.ts';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { freshIp, type TestApp } from './test-app.ts';

export interface PaymentValues {
  amount: number;
  status?: PaymentStatus;
  provider?: string;
  currency?: string;
  project?: string;
}

/** A submission with one payment; its id. */
export async function insertPayment(
  t: TestApp,
  completedAt: number | null,
  values: PaymentValues,
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const submission = await t.deps.db
    .insertInto('sponsored_submissions')
    .values({
      project_name: values.project ?? 'Revenue project',
      project_url: 'https://example.com/revenue',
      contact_name: 'Grace',
      contact_email: 'grace@example.com',
      description: null,
      press_kit_url: null,
      budget_range: null,
      status: 'new',
      payment_status: values.status ?? 'completed',
      terms_accepted_at: now,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('payment_transactions')
    .values({
      submission_id: submission.id,
      provider: values.provider ?? t.deps.payments.name,
      provider_session_id: null,
      provider_payment_id: null,
      amount_cents: values.amount,
      currency: values.currency ?? t.deps.config.SPONSORED_CURRENCY,
      status: values.status ?? 'completed',
      completed_at: completedAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return submission.id;
}

/** What the sponsored form sends, for a checkout through the API. */
export interface SponsoredProject {
  project_name: string;
  project_url: string;
  contact_name: string;
  contact_email: string;
  description: string;
}

/**
 * A sponsored submission through the test checkout, as a visitor makes it:
 * paid when `pay` (the checkout settled), left pending otherwise. Its id.
 */
export async function checkoutSubmission(t: TestApp, project: SponsoredProject, { pay }: { pay: boolean }): Promise<number> {
  const started = await t.request('POST', '/payments/create-checkout', { ip: freshIp(), body: { ...project, terms_accepted: true } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  if (pay) await settleTestCheckout(t.deps, started.body.session_id, 'pay');
  const row = await t.handle.db
    .selectFrom('payment_transactions')
    .select('submission_id')
    .where('provider_session_id', '=', started.body.session_id)
    .executeTakeFirstOrThrow();
  return row.submission_id;
}
