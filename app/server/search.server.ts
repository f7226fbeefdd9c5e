/**
 * The search page's data, through the search service in process
 * (decision 028). Server-only: the snippet arrives in the browser as text
 * and marks, never as HTML.
 */
import type { AppLoadContext } from 'react-router';
import type { SearchResultJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { SEARCH_QUERY_MAX_LENGTH, snippetParts, type SnippetPart } from '../../common/search.ts';
import { loadPagedList } from './content.server.ts';
import { publishedDate, type PublishedDate } from '../lib/dates.ts';

/** Results per page of the search page. */
export const SEARCH_PAGE_SIZE = 10;

export interface SearchResultCard {
  type: SearchResultJson['type'];
  slug: string;
  title: string;
  snippet: SnippetPart[];
  published: PublishedDate | null;
  sponsored: boolean;
}

export type SearchView =
  /** No query yet: the form alone. */
  | { kind: 'prompt'; q: string }
  /** A query the search refuses (too long, no letter or digit), in the visitor's words. */
  | { kind: 'invalid'; q: string; message: string }
  | { kind: 'results'; q: string; results: SearchResultCard[]; next_token: string | null; isFirstPage: boolean };

/** The view of `/search?q=…&cursor=…`; a mangled cursor sends the visitor to the first page. */
export async function loadSearch(context: AppLoadContext, request: Request): Promise<SearchView> {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (q.trim() === '') return { kind: 'prompt', q: '' };
  try {
    const page = await loadPagedList(request, (nextToken) =>
      context.services.search.search({ q, pageSize: SEARCH_PAGE_SIZE, nextToken }),
    );
    return {
      kind: 'results',
      q,
      results: page.results.map((result) => ({
        type: result.type,
        slug: result.slug,
        title: result.title,
        snippet: snippetParts(result.snippet),
        published: publishedDate(result.published_at),
        sponsored: result.sponsored,
      })),
      next_token: page.next_token,
      isFirstPage: page.isFirstPage,
    };
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'VALIDATION_FAILED')) throw error;
    const message =
      q.trim().length > SEARCH_QUERY_MAX_LENGTH
        ? `Searches are limited to ${SEARCH_QUERY_MAX_LENGTH} characters. Try fewer words.`
        : 'Search for a word with letters or digits.';
    return { kind: 'invalid', q, message };
  }
}
