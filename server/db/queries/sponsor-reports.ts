/**
 * The sponsor report (decision 068): its link on the submission's row (the
 * token's SHA-256, the token sealed for staff, when it was issued) and the
 * numbers it shows, read from the daily roll-ups and click counts only, so
 * nothing about one person can reach it.
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

export interface ReportDayRow {
  day: string;
  views: number;
  visitors: number;
}

/** Views and visitors of one path by day, from `from` on. */
export async function pageDays(db: Db, path: string, from: string): Promise<ReportDayRow[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'views', 'visitors'])
    .where('dimension', '=', 'page')
    .where('value', '=', path)
    .where('day', '>=', from)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
}

/** The sources of one path since `from`, most views first (`page_source` values are path and source joined by a newline). */
export async function pageSources(db: Db, path: string, from: string, limit: number): Promise<{ source: string; views: number }[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['value', (eb) => eb.fn.sum<number | string>('views').as('views')])
    .where('dimension', '=', 'page_source')
    // A post's path is a slug (letters, digits, dashes): nothing in it is a LIKE wildcard.
    .where('value', 'like', `${path}\n%`)
    .where('day', '>=', from)
    .groupBy('value')
    .orderBy('views', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows
    .filter((row) => row.value.startsWith(`${path}\n`))
    .map((row) => ({ source: row.value.slice(path.length + 1), views: Number(row.views) }));
}

/** Clicks of one kind on one subject by day and target, from `from` on. */
export async function subjectClicks(db: Db, kind: 'outbound' | 'share', subjectId: number, from: string): Promise<{ day: string; target: string; clicks: number }[]> {
  const rows = await db
    .selectFrom('analytics_clicks')
    .select(['day', 'target', 'clicks'])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('day', '>=', from)
    .orderBy('day')
    .orderBy('target')
    .execute();
  return rows.map((row) => ({ day: row.day, target: row.target, clicks: Number(row.clicks) }));
}

/** Clicks on the links of each issue that led to the post, by issue. */
export async function newsletterClicksToPost(db: Db, postId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('analytics_clicks')
    .innerJoin('newsletter_links', (join) =>
      join.onRef('newsletter_links.issue_id', '=', 'analytics_clicks.subject_id'),
    )
    .select(['analytics_clicks.subject_id as issue_id', 'analytics_clicks.target', 'newsletter_links.link_no', (eb) => eb.fn.sum<number | string>('analytics_clicks.clicks').as('clicks')])
    .where('analytics_clicks.kind', '=', 'newsletter')
    .where('newsletter_links.post_id', '=', postId)
    .groupBy(['analytics_clicks.subject_id', 'analytics_clicks.target', 'newsletter_links.link_no'])
    .execute();
  const clicks = new Map<number, number>();
  // The click's target is the link number as text: matched here, so both engines compare the same way.
  for (const row of rows) {
    if (row.target !== String(row.link_no)) continue;
    clicks.set(row.issue_id, (clicks.get(row.issue_id) ?? 0) + Number(row.clicks));
  }
  return clicks;
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
