/** What a member of staff sends about their own account (name, address, password), and the owner's security settings. */
import { z } from 'zod';
import { newPasswordSchema, totpCodeSchema } from './auth.ts';
import { emailField } from './email.ts';
import { NAME_MAX_LENGTH } from './staff.ts';

const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(1024, 'Password must be at most 1024 characters');

export const totpCodeInputSchema = z.object({ code: totpCodeSchema });

export const disableTotpSchema = z.object({ password: currentPasswordSchema });

export const changePasswordSchema = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});

export const securitySettingsSchema = z.object({
  require_totp: z.boolean({ error: 'require_totp must be true or false' }),
});

/**
 * A member of staff's own name and address. Changing the address needs the
 * current password: a session left open must not hand the account (its
 * resets, its alerts) to another mailbox.
 */
export const updateProfileSchema = z.object({
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email: emailField,
  current_password: z.string({ error: 'Current password must be text' }).max(1024, 'Password must be at most 1024 characters').optional(),
});

/** The link of a confirmation mail, sent back when it is opened. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(2048, 'Token must be at most 2048 characters'),
});
