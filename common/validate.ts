/**
 * Validation of any input against its shared schema, with one error for
 * every caller: the API, the page actions and the services behind both.
 */
import type { z, ZodError } from 'zod';
import { DomainError } from './errors.ts';
import { fieldErrorsOf } from './field-errors.ts';

/** A VALIDATION_FAILED from a zod failure: the message is the first issue's, naming the field. */
export function validationError(error: ZodError): DomainError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  let message = issue?.message ?? 'Invalid request';
  // Messages from our schemas name their field; zod's generic ones do not.
  if (field && /^(Invalid|Unrecognized|Expected)/.test(message)) message = `${field}: ${message}`;
  return new DomainError('VALIDATION_FAILED', message, { fieldErrors: fieldErrorsOf(error) });
}

/** The value as the schema reads it, or a VALIDATION_FAILED naming the first problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * `parseWith`, and refuses a NUL character in any text of the result.
 * PostgreSQL text cannot hold one (the query fails) while SQLite would store
 * it, so both engines answer the same refusal instead.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return refuseNul(parseWith(schema, value));
}

/** Walked with an explicit stack: JSON nests deeper than the call stack allows. */
export function refuseNul<T>(input: T): T {
  // Only the top-level field is named: a full path would grow with the depth.
  const pending: [value: unknown, field: string][] =
    typeof input === 'object' && input !== null ? Object.entries(input).map(([field, value]) => [value, field]) : [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, field] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        const name = field.length > 100 ? `${field.slice(0, 100)}…` : field;
        throw new DomainError('VALIDATION_FAILED', `${name || 'Text'} must not contain NUL characters`, {
          fieldErrors: { [name]: 'must not contain NUL characters' },
        });
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) pending.push([child, field]);
    }
  }
  return input;
}
