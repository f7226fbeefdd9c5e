import { z } from 'zod';
import {
  optionalImage,
  optionalText,
  publicationStatusField,
  readTimeField,
  requiredText,
  unixSecondsField,
  versionField,
} from './fields.ts';
import { slugField } from './slug.ts';

/** The resource editor's payload (SPEC.md sections 5 and 7). */
export const resourceInputSchema = z.object({
  title: requiredText('Title', 300),
  slug: slugField,
  excerpt: optionalText('Excerpt', 1000),
  content: requiredText('Content', 500_000),
  cover_image: optionalImage('Cover image'),
  read_time: readTimeField,
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
