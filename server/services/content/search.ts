/**
 * Site search (decision 028): the live posts and resources matching every
 * word of a query, best first, each with a highlighted snippet. One rule for
 * the API (GET /api/search) and the search page alike: the query is checked
 * here (empty, too long or without a letter or digit: VALIDATION_FAILED).
 */
import type { SearchPage } from '../../../common/answers.ts';
import { searchQuerySchema } from '../../../common/schemas/search.ts';
import { buildSnippet, searchTerms } from '../../../common/search.ts';
import { validate } from '../../../common/validate.ts';
import { nowSeconds } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import { searchContent } from '../../db/queries/search.ts';
import type { AppDeps } from '../../deps.ts';

export function searchService({ db, engine }: Pick<AppDeps, 'db' | 'engine'>) {
  return {
    /** One page of results for `q`; `next_token` continues it. */
    async search(request: { q?: unknown } & PageRequest): Promise<SearchPage> {
      const { q } = validate(searchQuerySchema, { q: request.q });
      const terms = searchTerms(q);
      const page = await searchContent(db, engine, {
        terms,
        now: nowSeconds(),
        pageSize: request.pageSize,
        nextToken: request.nextToken,
      });
      return {
        results: page.rows.map((row) => ({
          type: row.type,
          slug: row.slug,
          title: row.title,
          excerpt: row.excerpt,
          snippet: buildSnippet(row, terms),
          published_at: Number(row.published_at),
          sponsored: Number(row.sponsored) === 1,
        })),
        next_token: page.next_token,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
