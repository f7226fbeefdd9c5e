import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailField, emailProblem } from '../../common/schemas/email.ts';

const REQUIRED = 'Email address is required';
const NO_AT = 'Email must contain an @ symbol';
const NO_DOMAIN = 'Email must contain a domain (e.g., example.com)';
const INVALID = 'Please enter a valid email address';

/** An address of exactly `length` characters: a 64-character local part and a long domain. */
const addressOfLength = (length: number) => `${'l'.repeat(64)}@${'d'.repeat(length - 64 - 1 - 4)}.com`;

describe('emailProblem (SPEC.md section 5)', () => {
  it.each([
    'ada@example.com',
    'a@b.co',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'Ada@Example.COM',
    'ada@123.com',
    '  ada@example.com  ',
  ])('accepts %j', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each([
    ['an empty address', '', REQUIRED],
    ['only spaces', '   ', REQUIRED],
    ['no @', 'ada.example.com', NO_AT],
    ['no dot in the domain', 'ada@example', NO_DOMAIN],
    ['an empty domain', 'ada@', NO_DOMAIN],
    ['consecutive dots in the local part', 'ada..lovelace@example.com', INVALID],
    ['consecutive dots in the domain', 'ada@example..com', INVALID],
    ['a local part starting with a dot', '.ada@example.com', INVALID],
    ['a local part ending with a dot', 'ada.@example.com', INVALID],
    ['an empty local part', '@example.com', INVALID],
    ['a space in the local part', 'ada lovelace@example.com', INVALID],
    ['two @ signs', 'ada@@example.com', INVALID],
    ['a one-letter top-level domain', 'ada@example.c', INVALID],
    ['a domain starting with a dot', 'ada@.example.com', INVALID],
    ['a domain ending with a dot', 'ada@example.com.', INVALID],
    ['a label starting with a hyphen', 'ada@-example.com', INVALID],
    ['an underscore in the domain', 'ada@exa_mple.com', INVALID],
    ['a quote in the local part', 'a"b@example.com', INVALID],
  ])('refuses %s (%j) with %j', (_case, email, message) => {
    expect(emailProblem(email)).toBe(message);
  });

  it(`accepts ${EMAIL_MAX_LENGTH} characters and refuses one more`, () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(addressOfLength(254)).toHaveLength(254);
    expect(emailProblem(addressOfLength(254))).toBeNull();
    expect(emailProblem(addressOfLength(255))).toBe(INVALID);
  });

  it('names the given host in the domain message', () => {
    expect(emailProblem('ada@localhost', 'mysite.org')).toBe('Email must contain a domain (e.g., mysite.org)');
  });

  it('checks the first rule that applies: @ before domain before pattern', () => {
    expect(emailProblem('..ada')).toBe(NO_AT);
    expect(emailProblem('.ada@localhost')).toBe(NO_DOMAIN);
  });
});

describe('emailField', () => {
  it('trims the address', () => {
    expect(emailField.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it.each([
    ['a missing value', undefined, REQUIRED],
    ['a number', 42, REQUIRED],
    ['an address without @', 'ada', NO_AT],
    ['consecutive dots', 'a..b@example.com', INVALID],
  ])('refuses %s with the rule message', (_case, value, message) => {
    const result = emailField.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
