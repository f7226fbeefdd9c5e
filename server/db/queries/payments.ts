/**
 * All payment SQL: payment records of sponsored submissions, the provider
 * events already applied, the sessions of the built-in test checkout, and
 * the sums the dashboard's revenue chart shows.
 * Every change of a payment's status also updates `payment_status` on its
 * submission, in the caller's transaction, so the two never disagree.
 */
import { sql, type NotNull } from 'kysely';
import { nowSeconds } from '../database.ts';
import type {
  Db,
  LocalCheckoutSessionRow,
  LocalCheckoutSessionStatus,
  PaymentStatus,
  PaymentTransactionRow,
  SponsoredSubmissionStatus,
} from '../schema.ts';
import { choosePaymentTransaction } from './sponsored-submissions.ts';

/** Sets the submission's `payment_status` to that of the payment that speaks for it. */
async function syncSubmissionPaymentStatus(db: Db, submissionId: number): Promise<void> {
  const attempts = await db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const speaking = choosePaymentTransaction(attempts);
  await db
    .updateTable('sponsored_submissions')
    .set({ payment_status: speaking?.status ?? null, updated_at: nowSeconds() })
    .where('id', '=', submissionId)
    .execute();
}

export async function insertPendingPayment(
  db: Db,
  payment: { submissionId: number; provider: string; amountCents: number; currency: string },
): Promise<PaymentTransactionRow> {
  const now = nowSeconds();
  const row = await db
    .insertInto('payment_transactions')
    .values({
      submission_id: payment.submissionId,
      provider: payment.provider,
      provider_session_id: null,
      provider_payment_id: null,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      status: 'pending',
      completed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncSubmissionPaymentStatus(db, payment.submissionId);
  return row;
}

/** Records the provider's checkout session id, once: an id already set is kept. */
export async function attachProviderSession(db: Db, paymentId: number, sessionId: string): Promise<void> {
  await db
    .updateTable('payment_transactions')
    .set({ provider_session_id: sessionId, updated_at: nowSeconds() })
    .where('id', '=', paymentId)
    .where('provider_session_id', 'is', null)
    .execute();
}

export function findPaymentById(db: Db, id: number): Promise<PaymentTransactionRow | undefined> {
  return db.selectFrom('payment_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Session ids are unique across providers (Stripe's start with `cs_`, the test checkout's with `cs_local_`). */
export function findPaymentBySessionId(db: Db, sessionId: string): Promise<PaymentTransactionRow | undefined> {
  return db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirst();
}

/** The payment a provider-side payment (Stripe's payment intent) settled. */
export function findPaymentByProviderPaymentId(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentTransactionRow | undefined> {
  return db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

/**
 * Moves a payment to `to` if its status is still one of `from`; undefined
 * (and nothing changed) otherwise. The condition is part of the update, so of
 * two requests racing to settle one payment exactly one wins.
 */
export async function movePayment(
  db: Db,
  id: number,
  change: {
    to: PaymentStatus;
    from: readonly PaymentStatus[];
    providerPaymentId?: string | null;
    completedAt?: number;
  },
): Promise<PaymentTransactionRow | undefined> {
  if (change.from.length === 0) return undefined;
  const row = await db
    .updateTable('payment_transactions')
    .set({
      status: change.to,
      updated_at: nowSeconds(),
      ...(change.providerPaymentId ? { provider_payment_id: change.providerPaymentId } : {}),
      ...(change.completedAt !== undefined ? { completed_at: change.completedAt } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', change.from)
    .returningAll()
    .executeTakeFirst();
  if (row) await syncSubmissionPaymentStatus(db, row.submission_id);
  return row;
}

/**
 * Notes that a provider event was applied. False when it already was: the
 * caller then changes nothing (webhooks are delivered at least once).
 */
export async function recordPaymentEvent(
  db: Db,
  event: { provider: string; eventId: string; eventType: string; paymentId: number | null },
): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      event_type: event.eventType,
      payment_id: event.paymentId,
      processed_at: nowSeconds(),
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLocalCheckoutSession(
  db: Db,
  session: {
    id: string;
    paymentId: number;
    amountCents: number;
    currency: string;
    productName: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<LocalCheckoutSessionRow> {
  const now = nowSeconds();
  return db
    .insertInto('local_checkout_sessions')
    .values({
      id: session.id,
      payment_id: session.paymentId,
      amount_cents: session.amountCents,
      currency: session.currency,
      product_name: session.productName,
      customer_email: session.customerEmail,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent_id: null,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findLocalCheckoutSession(db: Db, id: string): Promise<LocalCheckoutSessionRow | undefined> {
  return db.selectFrom('local_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open test checkout session; undefined when it was not open any more. */
export function closeLocalCheckoutSession(
  db: Db,
  id: string,
  change: { status: Exclude<LocalCheckoutSessionStatus, 'open'>; paymentStatus: 'paid' | 'unpaid'; paymentIntentId: string | null },
): Promise<LocalCheckoutSessionRow | undefined> {
  return db
    .updateTable('local_checkout_sessions')
    .set({
      status: change.status,
      payment_status: change.paymentStatus,
      payment_intent_id: change.paymentIntentId,
      updated_at: nowSeconds(),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Completed payments of one provider and currency, summed per period:
 * period `i` runs from `bounds[i]` up to, not including, `bounds[i + 1]`
 * (Unix seconds, ascending). The caller finds the bounds, so periods can
 * follow a calendar (weeks of a time zone, with their daylight-saving
 * changes) the same way on every engine. Periods without a payment are left out.
 */
export async function sumCompletedPaymentsByPeriod(
  db: Db,
  options: { bounds: readonly number[]; provider: string; currency: string },
): Promise<{ period: number; amount_cents: number; payments: number }[]> {
  const { bounds } = options;
  const first = bounds[0];
  const last = bounds[bounds.length - 1];
  if (first === undefined || last === undefined || bounds.length < 2) return [];
  // Each payment's period is named in a subquery, so the grouping refers to a column rather than repeating an
  // expression with parameters (PostgreSQL matches a grouped expression to the selected one by its text).
  const period = sql<number>`case ${sql.join(
    bounds.slice(1).map((end, index) => sql`when completed_at < ${end} then ${sql.lit(index)}`),
    sql` `,
  )} end`;
  const paid = db
    .selectFrom('payment_transactions')
    .select([period.as('period'), 'amount_cents'])
    .where('status', '=', 'completed')
    .where('completed_at', '>=', first)
    .where('completed_at', '<', last)
    .where('provider', '=', options.provider)
    .where(sql<boolean>`upper(currency) = upper(${options.currency})`);
  const rows = await db
    .selectFrom(paid.as('paid'))
    .select([
      'paid.period',
      (eb) => eb.fn.sum<number>('paid.amount_cents').as('amount_cents'),
      (eb) => eb.fn.countAll<number>().as('payments'),
    ])
    .groupBy('paid.period')
    .execute();
  // PostgreSQL answers sums and counts of bigints as text.
  return rows.map((row) => ({ period: Number(row.period), amount_cents: Number(row.amount_cents), payments: Number(row.payments) }));
}

/** The latest completed payments with their submission's project and review status, newest first. */
export function listRecentCompletedPayments(
  db: Db,
  limit: number,
): Promise<
  {
    submission_id: number;
    project_name: string;
    submission_status: SponsoredSubmissionStatus;
    submission_payment_status: PaymentStatus | null;
    amount_cents: number;
    currency: string;
    provider: string;
    completed_at: number;
  }[]
> {
  return db
    .selectFrom('payment_transactions')
    .innerJoin('sponsored_submissions', 'sponsored_submissions.id', 'payment_transactions.submission_id')
    .select([
      'payment_transactions.submission_id',
      'sponsored_submissions.project_name',
      'sponsored_submissions.status as submission_status',
      'sponsored_submissions.payment_status as submission_payment_status',
      'payment_transactions.amount_cents',
      'payment_transactions.currency',
      'payment_transactions.provider',
      'payment_transactions.completed_at',
    ])
    .where('payment_transactions.status', '=', 'completed')
    // A completed payment without its time would sort first on PostgreSQL (NULLs are largest there) and last on SQLite.
    .where('payment_transactions.completed_at', 'is not', null)
    .orderBy('payment_transactions.completed_at', 'desc')
    .orderBy('payment_transactions.id', 'desc')
    .limit(limit)
    .$narrowType<{ completed_at: NotNull }>()
    .execute();
}
