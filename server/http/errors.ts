import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_JSON'
  | 'INVALID_CURSOR'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'VERSION_CONFLICT'
  | 'INVALID_STATUS_TRANSITION'
  | 'SLUG_TAKEN'
  | 'ALREADY_SUBSCRIBED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INVALID_FILE_TYPE'
  | 'FILE_TOO_LARGE'
  | 'INVALID_S3_KEY'
  | 'INVALID_UPLOAD_TOKEN'
  | 'UPLOAD_FAILED'
  | 'INTERNAL_ERROR';

/** The one error type handlers throw; `handleError` turns it into JSON. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new ApiError(404, 'NOT_FOUND', message);

/** Posts and resources share the `/{slug}` address space (decision 002). */
export const slugTaken = (slug: string) =>
  new ApiError(409, 'SLUG_TAKEN', `Slug "${slug}" is already used by another post or resource`);

export const versionConflict = (what: string) =>
  new ApiError(
    409,
    'VERSION_CONFLICT',
    `This ${what} was changed by someone else. Reload it to see the latest version, then apply your changes again.`,
  );

/** A 400 from a zod failure: the message is the first issue's, naming the field. */
export function validationError(error: ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  let message = issue?.message ?? 'Invalid request';
  // Messages from our schemas name their field; zod's generic ones do not.
  if (field && /^(Invalid|Unrecognized|Expected)/.test(message)) message = `${field}: ${message}`;
  return new ApiError(400, 'VALIDATION_FAILED', message);
}

export function errorBody(code: ErrorCode, message: string) {
  return { error: code, message };
}

/** Long enough for a database restart or fail-over, short enough that visitors are not kept waiting. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Hono's onError: known errors keep their status; an unreachable database is
 * a 503 with Retry-After; anything else is a logged 500.
 */
export function handleError(error: Error, c: Context, logger: Logger): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(errorBody(error.code, error.message), error.status);
  }
  if (error instanceof ZodError) {
    const apiError = validationError(error);
    return c.json(errorBody(apiError.code, apiError.message), apiError.status);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, requestId: c.get('requestId') }, 'database unavailable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.'), 503);
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return c.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'), 500);
}
