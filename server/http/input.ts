import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError } from './errors.ts';

/**
 * Reads a JSON body and validates it. A body that is not declared as JSON is
 * a 415 (otherwise it would parse as `{}` and fail with a misleading field
 * message); malformed JSON is a 400.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
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
  return parseWith(schema, body);
}

/** Validates query parameters (single values; repeated keys use the first). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
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
