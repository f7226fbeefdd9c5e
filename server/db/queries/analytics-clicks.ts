/**
 * Counted clicks (`analytics_clicks`): one row per kind, subject, UTC day
 * and target, its count raised by one per click. Nothing about who clicked
 * is written anywhere.
 */
import { sql } from 'kysely';
import type { ClickKind, Db } from '../schema.ts';

/** One more click of `subjectId` on `day` (UTC `YYYY-MM-DD`) through `target`. */
export async function addClick(db: Db, kind: ClickKind, subjectId: number, day: string, target: string): Promise<void> {
  await db
    .insertInto('analytics_clicks')
    .values({ kind, subject_id: subjectId, day, target, clicks: 1 })
    .onConflict((oc) => oc.columns(['kind', 'subject_id', 'day', 'target']).doUpdateSet({ clicks: sql<number>`analytics_clicks.clicks + 1` }))
    .execute();
}

/** The clicks of one subject by target, every day added up. */
export async function clicksByTarget(db: Db, kind: ClickKind, subjectId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analytics_clicks')
    .select(['target', (eb) => eb.fn.sum<number | string>('clicks').as('clicks')])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .groupBy('target')
    .execute();
  return new Map(rows.map((row) => [row.target, Number(row.clicks)]));
}
