/**
 * The author page's reads: the public profile at a slug and a page of that
 * author's live posts as cards, with the sources the page shows (their
 * profile, and any post write, which may add to or take from the list).
 */
import type { AppLoadContext } from 'react-router';
import type { AuthorJson } from '../../common/answers.ts';
import { authorPath } from '../../common/authors.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { PostCardPage } from '../lib/content-cards.ts';
import { listPostCards, loadPagedList, notePageSources } from './content.server.ts';

/** How many posts an author page shows before "Load More", as a category page. */
export const AUTHOR_PAGE_SIZE = 20;

export type AuthorPage = PostCardPage & { author: AuthorJson; isFirstPage: boolean };

/** The author at `slug` with a page of their posts (`?cursor=`); undefined for no such author. */
export async function loadAuthorPage(context: AppLoadContext, slug: string, request: Request): Promise<AuthorPage | undefined> {
  const found = await context.services.authors.findBySlug(slug);
  if (!found) return undefined;
  notePageSources(context, [pageSource.author(found.id), pageSource.postLists]);
  const page = await loadPagedList(request, (nextToken) =>
    listPostCards(context, { pageSize: AUTHOR_PAGE_SIZE, nextToken, authorId: found.id }),
  );
  return { author: found.author, ...page };
}

/**
 * The address of the author page that was at `slug` before its author
 * changed it (decision 101); undefined when none. The answer names that
 * author's profile and the list of authors as its sources: a later change
 * of slug, or another author taking this one, is what changes it.
 */
export async function findRenamedAuthorPath(context: AppLoadContext, slug: string): Promise<string | undefined> {
  const renamed = await context.services.authors.findRenamed(slug);
  if (!renamed) return undefined;
  notePageSources(context, [pageSource.author(renamed.id), pageSource.authorLists]);
  return authorPath(renamed.slug);
}
