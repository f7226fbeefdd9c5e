import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;

// A practical form of the usual address pattern: printable local part,
// dot-separated domain labels, a top-level domain of at least two letters.
const ADDRESS_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/**
 * Checks an e-mail address with the rules of SPEC.md section 5 and returns
 * the first message that applies, or null when the address is acceptable.
 */
export function emailProblem(value: string, exampleHost = 'example.com'): string | null {
  const email = value.trim();
  if (email === '') return 'Email address is required';
  if (!email.includes('@')) return 'Email must contain an @ symbol';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!domain.includes('.')) return `Email must contain a domain (e.g., ${exampleHost})`;
  if (
    email.length > EMAIL_MAX_LENGTH ||
    email.includes('..') ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    !ADDRESS_PATTERN.test(email)
  ) {
    return 'Please enter a valid email address';
  }
  return null;
}

/** The e-mail field of the newsletter, contact and sponsored forms. */
export const emailField = z
  .string({ error: 'Email address is required' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
