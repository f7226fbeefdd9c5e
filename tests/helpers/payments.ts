/**
 * Sponsored payments straight into the tables, for tests that choose when a
 * payment completed (the dashboard's revenue weeks).
 */
import type { PaymentStatus } from '../../common/answers.ts';
import type { TestApp } from './test-app.ts';

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
