import { z } from 'zod';
import { hasSearchTerms, SEARCH_QUERY_MAX_LENGTH } from '../search.ts';

/** A site search's query (`q`): some words, at most SEARCH_QUERY_MAX_LENGTH characters. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required: the words to search for' })
    .trim()
    .min(1, 'q must not be empty: type the words to search for')
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .refine(hasSearchTerms, 'q must contain at least one letter or digit'),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
