import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError } from './errors.ts';

/**
 * Reads a JSON body and validates it. A body that is not declared as JSON is
 * a 415 (otherwise it would parse as `{}` and fail with a misleading field
 * message); malformed JSON is a 400, and so is text holding a NUL character.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return refuseNul(parseWith(schema, await readJsonObject(c)));
}

/**
 * The JSON object of the body, not validated yet: for handlers whose own
 * checks name every problem of the values (`readJson` otherwise).
 */
export async function readJsonObject(c: Context): Promise<object> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'INVALID_JSON', 'The request body must be a JSON object');
  }
  return body;
}

/** Validates query parameters (single values; repeated keys use the first). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return refuseNul(parseWith(schema, c.req.query()));
}

/**
 * A text path parameter such as `/posts/{slug}`. A NUL character is never
 * part of a stored value, and PostgreSQL refuses it in a query parameter
 * with an error, so such an address is simply not found.
 */
export function readTextParam(c: Context, name: string, what: string): string {
  const value = c.req.param(name) ?? '';
  if (value.includes('\u0000')) throw new ApiError(404, 'NOT_FOUND', `${what} not found`);
  return value;
}

/**
 * Refuses a NUL character in any text of validated input. PostgreSQL text
 * cannot hold one (the query fails, which would surface as a 500) while
 * SQLite would store it, so both engines answer the same 400 instead.
 * Walked with an explicit stack: JSON nests deeper than the call stack allows.
 */
function refuseNul<T>(input: T): T {
  // Only the top-level field is named: a full path would grow with the depth.
  const pending: [value: unknown, field: string][] =
    typeof input === 'object' && input !== null ? Object.entries(input).map(([field, value]) => [value, field]) : [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, field] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        const name = field.length > 100 ? `${field.slice(0, 100)}…` : field;
        throw new ApiError(400, 'VALIDATION_FAILED', `${name || 'Text'} must not contain NUL characters`);
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) pending.push([child, field]);
    }
  }
  return input;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The largest row id: ids are 32-bit `integer` columns, and PostgreSQL
 * refuses (with an error, not an empty result) to compare them with more.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A positive integer path parameter such as `/admin/posts/{id}`. */
export function readIdParam(c: Context, what: string): number {
  const raw = c.req.param('id') ?? '';
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || id > MAX_ROW_ID) {
    throw new ApiError(404, 'NOT_FOUND', `${what} not found`);
  }
  return id;
}
