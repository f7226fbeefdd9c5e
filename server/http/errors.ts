/**
 * The one place where errors become HTTP answers: a DomainError's kind
 * decides its status (`STATUS_BY_KIND`, common/errors.ts, which the pages
 * share), its retry hint a Retry-After header; an unreachable
 * database is a 503; anything else a logged 500 without details.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { DomainError, STATUS_BY_KIND, type ErrorCode } from '../../common/errors.ts';
import { validationError } from '../../common/validate.ts';
import { isDatabaseUnavailable } from '../../common/database-unavailable.ts';

export function errorBody(code: ErrorCode, message: string) {
  return { error: code, message };
}

/** Long enough for a database restart or fail-over, short enough that visitors are not kept waiting. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The status and headers a domain error is answered with. */
export function httpAnswerOf(error: DomainError): { status: ContentfulStatusCode; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  // RFC 9110: a 401 names the scheme that would be accepted.
  if (error.kind === 'unauthenticated') headers['WWW-Authenticate'] = 'Bearer';
  return { status: STATUS_BY_KIND[error.kind], headers };
}

/**
 * Hono's onError: known errors keep their status; an unreachable database is
 * a 503 with Retry-After; anything else is a logged 500.
 */
export function handleError(error: Error, c: Context, logger: Logger): Response {
  const known = error instanceof ZodError ? validationError(error) : error;
  if (known instanceof DomainError) {
    const { status, headers } = httpAnswerOf(known);
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.json(errorBody(known.code, known.message), status);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, requestId: c.get('requestId') }, 'database unavailable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.'), 503);
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return c.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'), 500);
}
