/**
 * Reading a request: its JSON body, query and path parameters, each checked
 * against its schema, with the refusals every endpoint shares.
 */
import { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../common/errors.ts';
import { validate } from '../../common/validate.ts';
import { decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_ROW_ID, type PageRequest } from '../db/paging.ts';

/**
 * Reads a JSON body and validates it. A body that is not declared as JSON is
 * a 415 (otherwise it would parse as `{}` and fail with a misleading field
 * message); malformed JSON or invalid UTF-8 is a 400, and so is text holding a
 * NUL character.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonObject(c));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON object of the body, not validated yet: for handlers whose own
 * checks name every problem of the values (`readJson` otherwise).
 */
export async function readJsonObject(c: Context): Promise<object> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
  }
  let text: string;
  try {
    // Fatal: invalid UTF-8 would otherwise be stored as U+FFFD.
    text = utf8.decode(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('INVALID_JSON', 'The request body is not valid UTF-8');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('INVALID_JSON', 'The request body must be a JSON object');
  }
  return body;
}

/**
 * A small body as text, at most `maxBytes` (`tooLarge` is thrown past it,
 * by the declared length before anything is read). On the Node server it is
 * read straight from the incoming message: the adapter otherwise builds a
 * full fetch `Request` with a web stream for it, a fifth of a page-view
 * beacon's time (bench/README.md, `bench:analytics`).
 */
export async function readSmallText(c: Context, maxBytes: number, tooLarge: () => never): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > maxBytes) tooLarge();
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage)) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > maxBytes) tooLarge();
    return text;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    // The rest is dropped after the answer (unread-bodies.ts).
    if (size > maxBytes) tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Validates query parameters (single values; repeated keys use the first). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

/**
 * A text path parameter such as `/posts/{slug}`. A NUL character is never
 * part of a stored value, and PostgreSQL refuses it in a query parameter
 * with an error, so such an address is simply not found.
 */
export function readTextParam(c: Context, name: string, what: string): string {
  const value = c.req.param(name) ?? '';
  if (value.includes('\u0000')) throw new DomainError('NOT_FOUND', `${what} not found`);
  return value;
}

/** A positive integer path parameter such as `/admin/posts/{id}` (or another `name`). */
export function readIdParam(c: Context, what: string, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || id > MAX_ROW_ID) {
    throw new DomainError('NOT_FOUND', `${what} not found`);
  }
  return id;
}

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
  .transform((query): PageRequest => {
    const nextToken = query.nextToken || query.next_token || null;
    // Refused here, before any other work, rather than when the list is read.
    decodeCursor(nextToken);
    return { pageSize: query.pageSize ?? query.limit ?? DEFAULT_PAGE_SIZE, nextToken };
  });
