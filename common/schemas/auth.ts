import { z } from 'zod';
import { emailField } from './email.ts';

/** The sign-in form's browser check (SPEC.md section 5); accounts made before the policy may have such passwords. */
export const PASSWORD_MIN_LENGTH = 6;

/** The policy for every password set from now on (and ADMIN_PASSWORD). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_TOO_SHORT = `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'This password is one of the most common passwords. Please choose another.';
/** Starts the message for a password the strength estimate finds easy to guess (the server adds why). */
export const PASSWORD_TOO_WEAK = 'This password is too easy to guess.';
export const PASSWORD_WEAK_ADVICE = 'Please choose a longer one, such as a few unrelated words.';

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

/** "Forgot your password?": the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The most characters a reset link's token can have (its 32 random bytes take 43). */
export const RESET_TOKEN_MAX_LENGTH = 100;
export const RESET_LINK_EXPIRED = 'This link has expired. Ask for a new one.';
export const RESET_LINK_INVALID = 'This link has already been used or is not valid.';

/** A reset link's token and the new password (its policy is checked on the server). */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(RESET_TOKEN_MAX_LENGTH, RESET_LINK_INVALID),
  password: z.string({ error: 'Password is required' }).max(1024, 'Password must be at most 1024 characters'),
});

const mfaCodeMessage = 'Enter the 6-digit code from your authenticator app';

/** A code from the authenticator app: six digits, spaces allowed as apps show them. */
export const totpCodeSchema = z
  .string({ error: mfaCodeMessage })
  .trim()
  .min(1, mfaCodeMessage)
  .max(20, mfaCodeMessage);

export const recoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .trim()
  .min(1, 'Enter a recovery code')
  .max(64, 'That is not a recovery code');

/** The second step of a sign-in: the token from the first, and a code or a recovery code. */
export const loginTotpSchema = z
  .object({
    mfa_token: z
      .string({ error: 'mfa_token is required' })
      .min(1, 'mfa_token is required')
      .max(2048, 'mfa_token is invalid'),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recovery_code === undefined), {
    message: mfaCodeMessage,
    path: ['code'],
  });
