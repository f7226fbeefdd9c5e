import { sql, type SelectQueryBuilder } from 'kysely';
import { toPage, type Cursor } from '../http/cursor.ts';

/**
 * Fetches one page of a list ordered newest first by (sortColumn, idColumn),
 * continuing after `cursor`. One extra row is read to know whether a next
 * page exists; the next token encodes the last row's pair, so rows inserted
 * meanwhile never shift or repeat what the client already saw.
 */
export async function fetchNewestFirst<DB, TB extends keyof DB, Row extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: { sort: string; id: string; sortKeyOf: (row: Row) => number },
  paging: { pageSize: number; cursor: Cursor | null },
): Promise<{ rows: Row[]; next_token: string | null }> {
  const sort = sql.ref(columns.sort);
  const id = sql.ref(columns.id);
  let paged = query;
  if (paging.cursor) {
    const { key, id: lastId } = paging.cursor;
    paged = paged.where(sql<boolean>`(${sort} < ${key} or (${sort} = ${key} and ${id} < ${lastId}))`);
  }
  const rows = await paged
    .orderBy(sql`${sort} desc`)
    .orderBy(sql`${id} desc`)
    .limit(paging.pageSize + 1)
    .execute();
  return toPage(rows, paging.pageSize, (row) => ({ key: columns.sortKeyOf(row), id: row.id }));
}
