import { z } from 'zod';
import { emailField } from './email.ts';
import { requiredText, versionField } from './fields.ts';

/** The contact form (SPEC.md section 5: name, email and message required). */
export const contactMessageSchema = z.object({
  name: requiredText('Name', 200),
  email: emailField,
  message: requiredText('Message', 10_000),
});

/** Admin: mark a contact message read (the only transition, new → read). */
export const contactMessageStatusSchema = z.object({
  status: z.enum(['new', 'read'], { error: 'Status must be new or read' }),
  version: versionField,
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
