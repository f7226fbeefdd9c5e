import { z } from 'zod';
import { ApiError } from './errors.ts';
import { MAX_ROW_ID } from './input.ts';

/**
 * Keyset paging: a cursor is the last row's (sort key, id) pair, encoded so
 * clients treat it as opaque. Newest first; inserts never shift later pages.
 */
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

const invalidCursor = () => new ApiError(400, 'INVALID_CURSOR', 'next_token is not a valid paging token');

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

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

// The message names the parameter the client actually sent.
const pageSizeValue = (name: 'pageSize' | 'limit') =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .refine((value) => value >= 1, `${name} must be a positive whole number`)
    .transform((value) => Math.min(value, MAX_PAGE_SIZE));

/**
 * The paging query parameters. Clients of SPEC.md use both spellings
 * (`pageSize` or `limit`, `nextToken` or `next_token`); all are accepted.
 */
export const pagingQuerySchema = z
  .object({
    pageSize: pageSizeValue('pageSize').optional(),
    limit: pageSizeValue('limit').optional(),
    nextToken: z.string().optional(),
    next_token: z.string().optional(),
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
