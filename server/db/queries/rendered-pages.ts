/**
 * Rendered public pages kept in the database (decision 073), and the write
 * sequence that says whether one is still current: every content write
 * moves the sequence on and stamps the sources it touched with it; a page
 * is current while none of its sources (nor `*`, anything) carries a
 * sequence later than the one read before it was rendered.
 */
import { sql } from 'kysely';
import type { Db, RenderedPageTable } from '../schema.ts';

/** The source every write that may touch anything stamps: every page shows it. */
export const ANY_SOURCE = '*';

export type RenderedPageRow = RenderedPageTable;

/** The write sequence now: read before a render, so a write committing meanwhile makes the page out of date. */
export async function readWriteSequence(db: Db): Promise<number> {
  const row = await db.selectFrom('rendered_page_state').select('seq').where('id', '=', 1).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Moves the write sequence on and stamps `sources` with it (null: `*`).
 * In the write's own transaction where there is one: the stamp then commits
 * with what it says changed. The sequence's row is locked until then, so
 * writes take their numbers in the order they commit.
 */
export async function stampSources(db: Db, sources: readonly string[] | null): Promise<void> {
  const row = await db
    .updateTable('rendered_page_state')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirst();
  const seq = Number(row?.seq ?? 0);
  const stamped = [...new Set(sources ?? [ANY_SOURCE])];
  if (stamped.length === 0) return;
  await db
    .insertInto('page_source_versions')
    .values(stamped.map((source) => ({ source, seq })))
    .onConflict((oc) => oc.column('source').doUpdateSet({ seq: (eb) => eb.ref('excluded.seq') }))
    .execute();
}

export function findRenderedPage(db: Db, path: string): Promise<RenderedPageRow | undefined> {
  return db.selectFrom('rendered_pages').selectAll().where('path', '=', path).executeTakeFirst();
}

/** Keeps each page, replacing the copy of its path, unless the copy kept was rendered after it. */
export async function saveRenderedPages(db: Db, rows: readonly RenderedPageRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('rendered_pages')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('path')
          .doUpdateSet((eb) => ({
            build: eb.ref('excluded.build'),
            rest: eb.ref('excluded.rest'),
            seq: eb.ref('excluded.seq'),
            sources: eb.ref('excluded.sources'),
            status: eb.ref('excluded.status'),
            headers: eb.ref('excluded.headers'),
            body: eb.ref('excluded.body'),
            nonce: eb.ref('excluded.nonce'),
            rendered_at: eb.ref('excluded.rendered_at'),
            valid_until: eb.ref('excluded.valid_until'),
          }))
          // Two servers rendering one page: the copy made from the later sequence stays.
          .where(sql<boolean>`rendered_pages.seq <= excluded.seq`),
      )
      .execute();
  }
}

/** Lets go the copies another build rendered, and those past their time. */
export async function pruneRenderedPages(db: Db, build: string, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('rendered_pages')
    .where((eb) => eb.or([eb('build', '!=', build), eb('valid_until', '<=', nowMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Lets go the copy of one path (it no longer renders as a page to keep). */
export async function deleteRenderedPage(db: Db, path: string): Promise<void> {
  await db.deleteFrom('rendered_pages').where('path', '=', path).execute();
}

/** What tells whether each page kept for `build` is current, without its body. */
export function listRenderedPageStates(
  db: Db,
  build: string,
): Promise<Pick<RenderedPageRow, 'path' | 'rest' | 'seq' | 'sources' | 'valid_until' | 'rendered_at'>[]> {
  return db.selectFrom('rendered_pages').select(['path', 'rest', 'seq', 'sources', 'valid_until', 'rendered_at']).where('build', '=', build).execute();
}

/** Every source's latest stamp. */
export async function listSourceStamps(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('page_source_versions').select(['source', 'seq']).execute();
  return new Map(rows.map((row) => [row.source, Number(row.seq)]));
}

/** The stamps later than `seq`, the last one a server knows. */
export async function listSourceStampsAfter(db: Db, seq: number): Promise<{ source: string; seq: number }[]> {
  const rows = await db.selectFrom('page_source_versions').select(['source', 'seq']).where('seq', '>', seq).execute();
  return rows.map((row) => ({ source: row.source, seq: Number(row.seq) }));
}
