import { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * Keyset paging: a cursor is the last row's (sort key, id) pair, encoded so
 * clients treat it as opaque. Newest first; inserts never shift later pages.
 */
export interface Cursor {
  key: number;
  id: number;
}

const cursorSchema = z.tuple([z.number().int(), z.number().int().positive()]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(token: string | undefined | null): Cursor | null {
  if (!token) return null;
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    return { key: parsed[0], id: parsed[1] };
  } catch {
    throw new ApiError(400, 'INVALID_CURSOR', 'next_token is not a valid paging token');
  }
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const pageSizeValue = z
  .string()
  .regex(/^[0-9]+$/, 'pageSize must be a positive whole number')
  .transform(Number)
  .refine((value) => value >= 1, 'pageSize must be a positive whole number')
  .transform((value) => Math.min(value, MAX_PAGE_SIZE));

/**
 * The paging query parameters. Clients of SPEC.md use both spellings
 * (`pageSize` or `limit`, `nextToken` or `next_token`); all are accepted.
 */
export const pagingQuerySchema = z
  .object({
    pageSize: pageSizeValue.optional(),
    limit: pageSizeValue.optional(),
    nextToken: z.string().max(200, 'nextToken is not a valid paging token').optional(),
    next_token: z.string().max(200, 'next_token is not a valid paging token').optional(),
  })
  .transform((query) => ({
    pageSize: query.pageSize ?? query.limit ?? DEFAULT_PAGE_SIZE,
    cursor: decodeCursor(query.nextToken || query.next_token || null),
  }));

export type Paging = z.output<typeof pagingQuerySchema>;

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
