import { z } from 'zod';
import { contentFields } from './content.ts';
import { publicationStatusField, unixSecondsField, versionField } from './fields.ts';

/** The resource editor's payload (SPEC.md sections 5 and 7). */
export const resourceInputSchema = z.object({
  ...contentFields,
  status: publicationStatusField.default('draft'),
  // The server decides published_at (now when published); the field is
  // accepted because the editor sends it.
  published_at: unixSecondsField.nullish(),
  // Left out means "unchanged" on update (the editor of SPEC.md never sends
  // it); null or empty clears it.
  category_id: z
    .string({ error: 'Category id must be text' })
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

export const resourceUpdateSchema = resourceInputSchema.extend({ version: versionField });

export type ResourceInput = z.infer<typeof resourceInputSchema>;
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;
