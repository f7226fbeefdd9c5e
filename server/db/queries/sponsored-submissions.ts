import type { SponsoredSubmissionInput } from '../../../common/schemas/sponsored-submission.ts';
import type { PaymentTransactionJson, SponsoredSubmissionJson } from '../../../common/answers.ts';
import { nowSeconds } from '../database.ts';

export type { PaymentTransactionJson, SponsoredSubmissionJson };
import { containsText } from '../contains-text.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { Db, PaymentStatus, PaymentTransactionRow, SponsoredSubmissionRow, SponsoredSubmissionStatus } from '../schema.ts';


const toTransactionJson = (row: PaymentTransactionRow): PaymentTransactionJson => ({
  id: row.id,
  provider: row.provider,
  amount_cents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  provider_session_id: row.provider_session_id,
  provider_payment_id: row.provider_payment_id,
  completed_at: row.completed_at,
  created_at: row.created_at,
});

function toSubmissionJson(
  row: SponsoredSubmissionRow,
  transaction: PaymentTransactionRow | undefined,
): SponsoredSubmissionJson {
  const isPaid = transaction?.status === 'completed' || transaction?.status === 'refunded';
  // The report link's token columns stay in the database: staff read the link through its own service.
  const { report_token_hash: _hash, report_token_sealed: _sealed, report_issued_at: _issued, ...record } = row;
  return {
    ...record,
    payment_status: row.payment_status ?? transaction?.status ?? null,
    paid_amount: isPaid && transaction ? transaction.amount_cents : null,
    paid_currency: isPaid && transaction ? transaction.currency : null,
    payment_transaction_id: isPaid && transaction ? (transaction.provider_payment_id ?? String(transaction.id)) : null,
    payment_transaction: transaction ? toTransactionJson(transaction) : null,
  };
}

/**
 * The transaction that speaks for one submission: a completed one if any,
 * otherwise the newest attempt. `rows` are that submission's transactions,
 * oldest first. The payment queries keep `payment_status` in step with it.
 */
export function choosePaymentTransaction(rows: readonly PaymentTransactionRow[]): PaymentTransactionRow | undefined {
  let chosen: PaymentTransactionRow | undefined;
  for (const row of rows) {
    if (chosen?.status === 'completed' || chosen?.status === 'refunded') continue;
    chosen = row;
  }
  return chosen;
}

/** The transaction that speaks for each submission. One query for the whole page. */
async function transactionsOf(db: Db, submissionIds: number[]): Promise<Map<number, PaymentTransactionRow>> {
  const chosen = new Map<number, PaymentTransactionRow>();
  if (submissionIds.length === 0) return chosen;
  const rows = await db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('submission_id', 'in', submissionIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const bySubmission = new Map<number, PaymentTransactionRow[]>();
  for (const row of rows) {
    const attempts = bySubmission.get(row.submission_id) ?? [];
    attempts.push(row);
    bySubmission.set(row.submission_id, attempts);
  }
  for (const [submissionId, attempts] of bySubmission) {
    const speaking = choosePaymentTransaction(attempts);
    if (speaking) chosen.set(submissionId, speaking);
  }
  return chosen;
}

export async function insertSponsoredSubmission(
  db: Db,
  input: SponsoredSubmissionInput,
): Promise<SponsoredSubmissionJson> {
  const now = nowSeconds();
  const row = await db
    .insertInto('sponsored_submissions')
    .values({
      project_name: input.project_name,
      project_url: input.project_url,
      contact_name: input.contact_name,
      contact_email: input.contact_email,
      description: input.description,
      press_kit_url: input.press_kit_url,
      budget_range: input.budget_range,
      campaign_goal: input.campaign_goal,
      campaign_currency: input.campaign_currency,
      campaign_ends_at: input.campaign_ends_at,
      status: 'new',
      payment_status: null,
      terms_accepted_at: now,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubmissionJson(row, undefined);
}

/**
 * Paid: the payment that speaks for the submission is completed. Unpaid is
 * everything else: no checkout, pending, failed, expired, refunded.
 */
export type SponsoredPaymentFilter = 'paid' | 'unpaid';

export async function listSponsoredSubmissions(
  db: Db,
  options: {
    status?: SponsoredSubmissionStatus | undefined;
    payment?: SponsoredPaymentFilter | undefined;
    q?: string | undefined;
  } & PageRequest,
): Promise<{ submissions: SponsoredSubmissionJson[]; next_token: string | null }> {
  let query = db.selectFrom('sponsored_submissions').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  if (options.payment === 'paid') query = query.where('payment_status', '=', 'completed');
  if (options.q) query = query.where(containsText(['project_name', 'project_url', 'contact_name', 'contact_email'], options.q));
  if (options.payment === 'unpaid') {
    query = query.where((eb) => eb.or([eb('payment_status', 'is', null), eb('payment_status', '!=', 'completed')]));
  }
  const page = await fetchNewestFirst(
    query,
    { sort: 'created_at', id: 'id', sortKeyOf: (row) => row.created_at },
    options,
  );
  const transactions = await transactionsOf(db, page.rows.map((row) => row.id));
  return {
    submissions: page.rows.map((row) => toSubmissionJson(row, transactions.get(row.id))),
    next_token: page.next_token,
  };
}

/** How many submissions have each status and payment status together (the service names the tabs). */
export async function countSponsoredSubmissionsByStanding(
  db: Db,
): Promise<{ status: SponsoredSubmissionStatus; payment_status: PaymentStatus | null; count: number }[]> {
  const rows = await db
    .selectFrom('sponsored_submissions')
    .select(['status', 'payment_status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['status', 'payment_status'])
    .execute();
  return rows.map((row) => ({ status: row.status, payment_status: row.payment_status, count: Number(row.count) }));
}

/** Submissions per payment status; `none` counts those whose checkout never started. */
export async function countSponsoredSubmissionsByPaymentStatus(
  db: Db,
): Promise<Record<PaymentStatus | 'none', number>> {
  const rows = await db
    .selectFrom('sponsored_submissions')
    .select(['payment_status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('payment_status')
    .execute();
  const counts: Record<PaymentStatus | 'none', number> = {
    none: 0,
    pending: 0,
    completed: 0,
    failed: 0,
    expired: 0,
    refunded: 0,
  };
  for (const row of rows) counts[row.payment_status ?? 'none'] += Number(row.count);
  return counts;
}

export async function findSponsoredSubmissionById(
  db: Db,
  id: number,
): Promise<SponsoredSubmissionJson | undefined> {
  const row = await db.selectFrom('sponsored_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const transactions = await transactionsOf(db, [id]);
  return toSubmissionJson(row, transactions.get(id));
}

/** Sets the status if `version` is still current; undefined otherwise. */
export async function updateSponsoredSubmissionStatus(
  db: Db,
  id: number,
  status: SponsoredSubmissionStatus,
  version: number,
): Promise<SponsoredSubmissionJson | undefined> {
  const row = await db
    .updateTable('sponsored_submissions')
    .set((eb) => ({ status, updated_at: nowSeconds(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const transactions = await transactionsOf(db, [id]);
  return toSubmissionJson(row, transactions.get(id));
}
