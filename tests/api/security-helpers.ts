/**
 * Shared by the security test files: the shape every refusal must have, a
 * full copy of the stored data to prove a refused request changed nothing,
 * and hostile inputs.
 */
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import type { ApiResponse } from '../helpers/test-app.ts';

/** A refusal is `{"error": CODE, "message": text}` and nothing else, with no internals. */
export function expectErrorShape(response: ApiResponse, context = ''): void {
  expect(response.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(typeof body === 'object' && body !== null, context).toBe(true);
  expect(Object.keys(body).sort(), context).toEqual(['error', 'message']);
  expect(body.error, context).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  expect(typeof body.message, context).toBe('string');
  expect(String(body.message).length, context).toBeGreaterThan(0);
  expect(String(body.message), context).not.toMatch(/SQLITE_|node_modules|\n\s+at |\.ts:\d/);
}

/** Never a server error; a refusal has the error shape. */
export function expectSafeAnswer(response: ApiResponse, context = ''): void {
  expect(response.status, `${context} answered ${response.status}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
  if (response.status >= 400) expectErrorShape(response, context);
}

// Rate-limit counters legitimately move on refused requests (that is their point).
const DATA_TABLES = [
  'users',
  'refresh_tokens',
  'categories',
  'posts',
  'post_categories',
  'resources',
  'contact_submissions',
  'newsletter_subscribers',
  'sponsored_submissions',
  'payment_transactions',
  'media',
  'slug_history',
  'payment_events',
  'local_checkout_sessions',
  'outbox',
] as const satisfies readonly (keyof Database)[];

/** Every stored row outside the rate-limit counters, in a stable order. */
export async function dumpData(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of DATA_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    dump[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as a browser sends them). */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** An object with an own, enumerable property of any name (`__proto__` included), as JSON.parse makes them. */
export function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** The built-in prototypes' own property names, to compare before and after hostile input. */
export function prototypeKeys(): Record<string, string[]> {
  return {
    object: Object.getOwnPropertyNames(Object.prototype).sort(),
    array: Object.getOwnPropertyNames(Array.prototype).sort(),
    function: Object.getOwnPropertyNames(Function.prototype).sort(),
    string: Object.getOwnPropertyNames(String.prototype).sort(),
  };
}

export function expectNoPollution(before: Record<string, string[]>): void {
  expect(prototypeKeys()).toEqual(before);
  const probe: Record<string, unknown> = {};
  for (const key of ['polluted', 'isAdmin', 'role', 'admin']) expect(probe[key], key).toBeUndefined();
}
