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

/**
 * Keeps each page, replacing the copy of its path, unless the copy kept was
 * rendered after it. A replaced copy keeps when it was last read: rendering
 * a page again ahead of readers is not a reader asking for it.
 */
export async function saveRenderedPages(db: Db, rows: readonly RenderedPageRow[]): Promise<void> {
  for (const row of rows) {
    const kept = await db
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
            bytes: eb.ref('excluded.bytes'),
          }))
          // Two servers rendering one page: the copy made from the later sequence stays.
          .where(sql<boolean>`rendered_pages.seq <= excluded.seq`),
      )
      .returning('path')
      .executeTakeFirst();
    if (!kept) continue;
    await db.deleteFrom('rendered_page_sources').where('path', '=', row.path).execute();
    const sources = row.sources === null ? [] : (JSON.parse(row.sources) as string[]);
    if (sources.length > 0) {
      await db
        .insertInto('rendered_page_sources')
        .values(sources.map((source) => ({ path: row.path, source })))
        .execute();
    }
  }
}

/** How many pages are kept, and their bodies' bytes. */
export async function measureRenderedPages(db: Db): Promise<{ rows: number; bytes: number }> {
  const row = await db
    .selectFrom('rendered_pages')
    .select((eb) => [eb.fn.countAll<number | string>().as('rows'), eb.fn.coalesce(eb.fn.sum<number | string | null>('bytes'), sql<number>`0`).as('bytes')])
    .executeTakeFirst();
  return { rows: Number(row?.rows ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Marks the pages at `paths` read at `atMs`. */
export async function markRenderedPagesRead(db: Db, paths: readonly string[], atMs: number): Promise<void> {
  for (let from = 0; from < paths.length; from += PATHS_PER_STATEMENT) {
    await db
      .updateTable('rendered_pages')
      .set({ read_at: atMs })
      .where('path', 'in', paths.slice(from, from + PATHS_PER_STATEMENT))
      .where('read_at', '<', atMs)
      .execute();
  }
}

/** The least recently read pages, `limit` of them after the first `offset`, with their size. */
export function listLeastRecentlyRead(db: Db, offset: number, limit: number): Promise<{ path: string; bytes: number }[]> {
  return db.selectFrom('rendered_pages').select(['path', 'bytes']).orderBy('read_at').orderBy('path').offset(offset).limit(limit).execute();
}

/** Lets go the copies of `paths` (their sources go with them). */
export async function deleteRenderedPages(db: Db, paths: readonly string[]): Promise<void> {
  for (let from = 0; from < paths.length; from += PATHS_PER_STATEMENT) {
    await db.deleteFrom('rendered_pages').where('path', 'in', paths.slice(from, from + PATHS_PER_STATEMENT)).execute();
  }
}

// Well under SQLite's limit of bound parameters per statement.
const PATHS_PER_STATEMENT = 500;

/**
 * The pages kept for `build` that are no longer current, latest rendered
 * first, at most `limit`: rendered under other settings, past their time,
 * or showing a source (or anything) a write stamped after they were
 * rendered. Found by the database: only the paths returned are read.
 */
export async function listOutOfDatePaths(
  db: Db,
  { build, rest, nowMs, limit }: { build: string; rest: string; nowMs: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('rendered_pages as p')
    .select('p.path')
    .where('p.build', '=', build)
    .where((eb) =>
      eb.or([
        eb('p.rest', '!=', rest),
        eb('p.valid_until', '<=', nowMs),
        eb.exists(
          eb
            .selectFrom('page_source_versions as v')
            .select(sql`1`.as('one'))
            .where('v.source', '=', ANY_SOURCE)
            .whereRef('v.seq', '>', 'p.seq'),
        ),
        // A page that may show anything is out of date after any write.
        eb.and([
          eb('p.sources', 'is', null),
          eb.exists(eb.selectFrom('rendered_page_state as w').select(sql`1`.as('one')).whereRef('w.seq', '>', 'p.seq')),
        ]),
        eb.exists(
          eb
            .selectFrom('rendered_page_sources as s')
            .innerJoin('page_source_versions as v', 'v.source', 's.source')
            .select(sql`1`.as('one'))
            .whereRef('s.path', '=', 'p.path')
            .whereRef('v.seq', '>', 'p.seq'),
        ),
      ]),
    )
    .orderBy('p.rendered_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.path);
}

/** Lets go the copies another build rendered, and those past their time. */
export async function pruneRenderedPages(db: Db, build: string, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('rendered_pages')
    .where((eb) => eb.or([eb('build', '!=', build), eb('valid_until', '<=', nowMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The stamps later than `seq`, the last one a server knows. */
export async function listSourceStampsAfter(db: Db, seq: number): Promise<{ source: string; seq: number }[]> {
  const rows = await db.selectFrom('page_source_versions').select(['source', 'seq']).where('seq', '>', seq).execute();
  return rows.map((row) => ({ source: row.source, seq: Number(row.seq) }));
}
