import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;

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
