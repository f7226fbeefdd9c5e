import { z } from 'zod';
import { contentFields } from './content.ts';
import { optionalUrl, publicationStatusField, unixSecondsField, versionField } from './fields.ts';

/** The post editor's payload (SPEC.md sections 5 and 7). */
export const postInputSchema = z.object({
  ...contentFields,
  campaign_url: optionalUrl('Campaign URL'),
  // Left out, a new post is not sponsored and an edited one keeps its flag.
  sponsored: z.boolean({ error: 'Sponsored must be true or false' }).optional(),
  status: publicationStatusField,
  published_at: unixSecondsField.nullish().transform((value) => value ?? null),
  category_ids: z
    .array(z.string({ error: 'Category ids must be text' }).trim().min(1, 'Category ids must not be empty'), {
      error: 'Category ids must be a list',
    })
    .max(10, 'At most 10 categories')
    .nullish()
    .transform((value) => [...new Set(value ?? [])]),
});

export const postUpdateSchema = postInputSchema.extend({ version: versionField });

export type PostInput = z.infer<typeof postInputSchema>;
export type PostUpdate = z.infer<typeof postUpdateSchema>;
