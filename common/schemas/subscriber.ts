import { z } from 'zod';
import { emailField } from './email.ts';

/** The newsletter signup. */
export const subscriberSchema = z.object({ email: emailField });

export type SubscriberInput = z.infer<typeof subscriberSchema>;
