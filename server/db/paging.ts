/**
 * Keyset paging: a page token is the last row's (sort key, id) pair, encoded
 * so clients treat it as opaque. Lists run newest first; rows inserted
 * meanwhile never shift or repeat what a client already saw. Tokens are
 * made and read here only: callers pass them through as text.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { DomainError } from '../../common/errors.ts';

/**
 * The largest row id: ids are 32-bit `integer` columns, and PostgreSQL
 * refuses (with an error, not an empty result) to compare them with more.
 */
export const MAX_ROW_ID = 2_147_483_647;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** What a caller asks for: how many rows, after which page token (none: the first page). */
export interface PageRequest {
  pageSize: number;
  nextToken?: string | null | undefined;
}

export interface Cursor {
  key: number;
  id: number;
}

const cursorSchema = z.tuple([z.number().int(), z.number().int().positive().max(MAX_ROW_ID)]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

// Real tokens are a few dozen characters; anything much longer is not one.
const MAX_TOKEN_LENGTH = 200;

const invalidCursor = () => new DomainError('INVALID_CURSOR', 'next_token is not a valid paging token');

/** The cursor of a page token; null for none; INVALID_CURSOR for one that is not ours. */
export function decodeCursor(token: string | undefined | null): Cursor | null {
  if (!token) return null;
  if (token.length > MAX_TOKEN_LENGTH) throw invalidCursor();
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    return { key: parsed[0], id: parsed[1] };
  } catch {
    throw invalidCursor();
  }
}

/** Whether a page token is one of ours (for page links that would rather start over than fail). */
export function isPageToken(token: string): boolean {
  try {
    return decodeCursor(token) !== null;
  } catch {
    return false;
  }
}

/** Splits a page fetched with one extra row into the rows and the next token. */
export function toPage<Row>(
  rows: Row[],
  pageSize: number,
  cursorOf: (row: Row) => Cursor,
): { rows: Row[]; next_token: string | null } {
  if (rows.length <= pageSize) return { rows, next_token: null };
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows[pageRows.length - 1] as Row;
  return { rows: pageRows, next_token: encodeCursor(cursorOf(last)) };
}

/**
 * Fetches one page of a list ordered newest first by (sortColumn, idColumn),
 * continuing after the request's token. One extra row is read to know
 * whether a next page exists.
 */
export function fetchNewestFirst<DB, TB extends keyof DB, Row extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: { sort: string; id: string; sortKeyOf: (row: Row) => number },
  paging: PageRequest,
): Promise<{ rows: Row[]; next_token: string | null }> {
  return fetchInOrder(query, { ...columns, sort: sql.ref(columns.sort), direction: 'desc' }, paging);
}

/**
 * `fetchNewestFirst` in either direction, by a column or an expression
 * (a campaign's end, from its own table): soonest first is `asc`.
 */
export async function fetchInOrder<DB, TB extends keyof DB, Row extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: { sort: RawBuilder<unknown>; id: string; sortKeyOf: (row: Row) => number; direction: 'asc' | 'desc' },
  paging: PageRequest,
): Promise<{ rows: Row[]; next_token: string | null }> {
  const cursor = decodeCursor(paging.nextToken);
  const { sort, direction } = columns;
  const id = sql.ref(columns.id);
  let paged = query;
  if (cursor) {
    paged =
      direction === 'desc'
        ? paged.where(sql<boolean>`(${sort} < ${cursor.key} or (${sort} = ${cursor.key} and ${id} < ${cursor.id}))`)
        : paged.where(sql<boolean>`(${sort} > ${cursor.key} or (${sort} = ${cursor.key} and ${id} > ${cursor.id}))`);
  }
  const order = sql.raw(direction);
  const rows = await paged
    .orderBy(sql`${sort} ${order}`)
    .orderBy(sql`${id} ${order}`)
    .limit(paging.pageSize + 1)
    .execute();
  return toPage(rows, paging.pageSize, (row) => ({ key: columns.sortKeyOf(row), id: row.id }));
}
