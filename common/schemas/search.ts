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

/** The longest `q` a back-office list takes: a name, an address or a few words of a title. */
export const LIST_SEARCH_MAX_LENGTH = 100;

/**
 * A back-office list's search (`q`, optional): rows whose names, addresses or
 * titles contain the text, whatever its case. A GET form sends an empty box
 * as `q=`, which is no filter.
 */
export const listSearchSchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(LIST_SEARCH_MAX_LENGTH, `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters`).optional(),
  ),
});

export type ListSearch = z.output<typeof listSearchSchema>;
