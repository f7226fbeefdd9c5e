/**
 * The per-field messages of a failed validation, for forms that show them
 * beside each field. On its own so browser code takes it without the rest
 * of the server's validation.
 */
import type { ZodError } from 'zod';

/** The first message of each field, keyed by the field's top-level name. */
export function fieldErrorsOf(error: ZodError): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
