import type { ZodError } from 'zod';
import { fieldErrorsOf } from '../../common/field-errors.ts';

/**
 * What a public form answers, with or without JavaScript: the title and
 * description of SPEC.md section 8's toasts, plus per-field messages.
 */
export interface FormOutcome {
  status: 'success' | 'info' | 'error';
  title: string;
  description: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** The HTTP status the answer goes out with (400 invalid, 429 rate limited). */
  httpStatus?: number;
  /** One more line the form shows under itself (what happens next), beside SPEC.md's toast. */
  note?: string;
  /** A refused post's fields as sent: a page shown without JavaScript fills the form with them again. */
  values?: Partial<Record<string, string>>;
}

/**
 * SPEC.md section 8's 'Error' toast: the server's message, or the form's own
 * fallback text ('Failed to send message', 'Failed to subscribe'). An
 * `httpStatus` of 0 means the post got no answer at all.
 */
export function failedOutcome(description: string, httpStatus = 0): FormOutcome {
  return { status: 'error', title: 'Error', description, httpStatus };
}

/**
 * The outcome of a form that failed validation. SPEC.md section 5: an e-mail
 * problem shows as an 'Invalid email' notice; anything else as 'Error'.
 */
export function invalidFormOutcome(error: ZodError, emailField = 'email'): FormOutcome {
  return invalidFieldsOutcome(fieldErrorsOf(error), emailField);
}

/**
 * `invalidFormOutcome` from the messages of each field. Several problems are
 * counted and each named (an empty form is not an 'Invalid email').
 */
export function invalidFieldsOutcome(fieldErrors: Partial<Record<string, string>>, emailField = 'email'): FormOutcome {
  const messages = Object.values(fieldErrors).filter((message): message is string => Boolean(message));
  if (messages.length > 1) {
    const description = messages.map((message) => message.replace(/[.]$/, '')).join('. ') + '.';
    return { status: 'error', title: `Please fix ${messages.length} fields`, description, fieldErrors, httpStatus: 400 };
  }
  const emailProblem = fieldErrors[emailField];
  const first = messages[0] ?? 'Please check the form';
  return emailProblem
    ? { status: 'error', title: 'Invalid email', description: emailProblem, fieldErrors, httpStatus: 400 }
    : { status: 'error', title: 'Error', description: first, fieldErrors, httpStatus: 400 };
}

/** What was typed in `name` of a post refused without JavaScript, to fill the field with again. */
export function valueOf(outcome: Pick<FormOutcome, 'values'> | undefined, name: string): string | undefined {
  return outcome?.values?.[name];
}

/** Form fields as plain strings (files and repeated fields are not expected). */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}
