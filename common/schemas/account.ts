/** What a member of staff sends about their own account, and the owner's security settings. */
import { z } from 'zod';
import { newPasswordSchema, totpCodeSchema } from './auth.ts';

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
