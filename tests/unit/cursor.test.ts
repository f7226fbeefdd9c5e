import { describe, expect, it } from 'vitest';
import { DomainError } from '../../common/errors.ts';
import { decodeCursor, encodeCursor, MAX_ROW_ID, toPage } from '../../server/db/paging.ts';
import { pagingQuerySchema } from '../../server/http/input.ts';

const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeError(value: string): DomainError {
  try {
    decodeCursor(value);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`decodeCursor accepted ${value}`);
}

describe('encodeCursor and decodeCursor', () => {
  it.each([
    { key: 1_763_769_600, id: 42 },
    { key: 0, id: 1 },
    { key: -5, id: 7 },
    { key: 32_503_680_000, id: MAX_ROW_ID },
  ])('round-trips %j', (cursor) => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it('gives different tokens for different positions', () => {
    expect(encodeCursor({ key: 10, id: 1 })).not.toBe(encodeCursor({ key: 10, id: 2 }));
  });

  it.each([undefined, null, ''])('reads %j as the first page', (value) => {
    expect(decodeCursor(value)).toBeNull();
  });

  it.each([
    ['random text', 'garbage'],
    ['base64 of text', Buffer.from('hello').toString('base64url')],
    ['an object', token({ key: 1, id: 2 })],
    ['a one-element array', token([1])],
    ['a three-element array', token([1, 2, 3])],
    ['a zero id', token([1, 0])],
    ['a negative id', token([1, -2])],
    ['a fractional key', token([1.5, 2])],
    ['text values', token(['1', '2'])],
    ['null values', token([null, 2])],
    ['an id beyond the largest row id', token([1, MAX_ROW_ID + 1])],
    ['an overlong token', 'A'.repeat(1000)],
  ])('refuses %s with 400 INVALID_CURSOR', (_case, value) => {
    const error = decodeError(value);
    expect(error.kind).toBe('invalid');
    expect(error.code).toBe('INVALID_CURSOR');
    expect(error.message).toBe('next_token is not a valid paging token');
  });
});

describe('pagingQuerySchema', () => {
  it('defaults to the first page of 20', () => {
    expect(pagingQuerySchema.parse({})).toEqual({ pageSize: 20, nextToken: null });
  });

  it('reads pageSize or limit, capped at 100', () => {
    expect(pagingQuerySchema.parse({ pageSize: '5' }).pageSize).toBe(5);
    expect(pagingQuerySchema.parse({ limit: '7' }).pageSize).toBe(7);
    expect(pagingQuerySchema.parse({ limit: '5000' }).pageSize).toBe(100);
  });

  it('reads nextToken or next_token', () => {
    const cursor = { key: 100, id: 3 };
    expect(pagingQuerySchema.parse({ nextToken: encodeCursor(cursor) }).nextToken).toBe(encodeCursor(cursor));
    expect(pagingQuerySchema.parse({ next_token: encodeCursor(cursor) }).nextToken).toBe(encodeCursor(cursor));
  });

  it.each(['0', '-1', 'ten', '2.5'])('refuses the page size %j', (value) => {
    const result = pagingQuerySchema.safeParse({ pageSize: value });
    expect(result.error?.issues[0]?.message).toBe('pageSize must be a positive whole number');
  });

  it('refuses a garbage token', () => {
    expect(() => pagingQuerySchema.parse({ next_token: 'garbage' })).toThrow(DomainError);
  });
});

describe('toPage', () => {
  const rows = [5, 4, 3].map((id) => ({ id, created_at: 1000 + id }));
  const cursorOf = (row: { id: number; created_at: number }) => ({ key: row.created_at, id: row.id });

  it('has no next token when the extra row is missing', () => {
    expect(toPage(rows, 3, cursorOf)).toEqual({ rows, next_token: null });
  });

  it('drops the extra row and points the next token at the last row kept', () => {
    const page = toPage(rows, 2, cursorOf);
    expect(page.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.next_token)).toEqual({ key: 1004, id: 4 });
  });
});
