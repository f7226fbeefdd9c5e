/**
 * The sponsor report (decision 068): its link on the submission's row (the
 * token's SHA-256, the token sealed for staff, when it was issued) and the
 * mails of the issues that carried the post. Its audience numbers are read
 * where every audience number is (`analytics-reports.ts`): roll-ups and
 * click counts only, so nothing about one person can reach it.
 */
import type { Db } from '../schema.ts';

export interface ReportLinkRecord {
  submission_id: number;
  sealed: string;
  issued_at: number;
}

/** Sets the submission's report link, replacing any before it; false when there is no such submission. */
export async function setReportLink(db: Db, submissionId: number, link: { tokenHash: string; sealed: string; issuedAt: number }): Promise<boolean> {
  const result = await db
    .updateTable('sponsored_submissions')
    .set({ report_token_hash: link.tokenHash, report_token_sealed: link.sealed, report_issued_at: link.issuedAt })
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Clears the submission's report link; false when it had none. */
export async function clearReportLink(db: Db, submissionId: number): Promise<boolean> {
  const result = await db
    .updateTable('sponsored_submissions')
    .set({ report_token_hash: null, report_token_sealed: null, report_issued_at: null })
    .where('id', '=', submissionId)
    .where('report_token_hash', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const toRecord = (row: { id: number; report_token_sealed: string | null; report_issued_at: number | null }): ReportLinkRecord | undefined =>
  row.report_token_sealed !== null && row.report_issued_at !== null
    ? { submission_id: row.id, sealed: row.report_token_sealed, issued_at: Number(row.report_issued_at) }
    : undefined;

/** The submission a token's hash opens. */
export async function findReportByTokenHash(db: Db, tokenHash: string): Promise<ReportLinkRecord | undefined> {
  const row = await db
    .selectFrom('sponsored_submissions')
    .select(['id', 'report_token_sealed', 'report_issued_at'])
    .where('report_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The submission's report link, when it has one. */
export async function findReportLink(db: Db, submissionId: number): Promise<ReportLinkRecord | undefined> {
  const row = await db
    .selectFrom('sponsored_submissions')
    .select(['id', 'report_token_sealed', 'report_issued_at'])
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Deliveries sent of each issue. */
export async function deliveredCounts(db: Db, issueIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (issueIds.length === 0) return counts;
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['issue_id', (eb) => eb.fn.countAll<number | string>().as('delivered')])
    .where('issue_id', 'in', [...issueIds])
    .where('status', '=', 'sent')
    .groupBy('issue_id')
    .execute();
  for (const row of rows) counts.set(row.issue_id, Number(row.delivered));
  return counts;
}
