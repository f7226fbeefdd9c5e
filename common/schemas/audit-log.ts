import { z } from 'zod';
import { listSearchSchema } from './search.ts';

export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;

// A GET form sends its empty fields as `name=`: an empty value is no filter.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const text = (name: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${name} must be at most ${max} characters`).optional());

const wholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9]{1,12}$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`)
      .optional(),
  );

/**
 * The filters and paging of GET /admin/audit-log: who (`user_id` or
 * `user_email`), what and when (`q`: free text over those). `action` is one action
 * (`post.update`) or, ending with a dot, a whole family (`post.`); `from`
 * and `to` are Unix seconds, both included.
 */
export const auditLogQuerySchema = z
  .object({
    user_id: wholeNumber('user_id', 1, 2_147_483_647),
    // The address as recorded: entries outlive the accounts they name.
    user_email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().max(254, 'user_email must be at most 254 characters').optional()),
    action: text('action', 100),
    entity: text('entity', 50),
    entity_id: text('entity_id', 100),
    from: wholeNumber('from', 0, 1e11),
    to: wholeNumber('to', 0, 1e11),
    // Free text over the action, the address and the entity, as every back-office list takes it.
    ...listSearchSchema.shape,
    limit: wholeNumber('limit', 1, AUDIT_LOG_MAX_LIMIT),
    next_token: text('next_token', 200),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
