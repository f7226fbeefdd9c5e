import { z } from 'zod';

/** The sign-in form's browser check (SPEC.md section 5); accounts made before the policy may have such passwords. */
export const PASSWORD_MIN_LENGTH = 6;

/** The policy for every password set from now on (and ADMIN_PASSWORD). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_TOO_SHORT = `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'This password is one of the most common passwords. Please choose another.';

/** A password being set: its length here; the common-password list is checked on the server. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(NEW_PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be at most 1024 characters'),
});

export const refreshSchema = z.object({
  refresh_token: z
    .string({ error: 'Refresh token is required' })
    .min(1, 'Refresh token is required')
    .max(512, 'Refresh token is invalid'),
});

export type LoginInput = z.infer<typeof loginSchema>;
