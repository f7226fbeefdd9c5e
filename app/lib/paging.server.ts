import { redirect } from 'react-router';
import { decodeCursor, type Cursor } from '../../server/http/cursor.ts';

/**
 * The `?cursor=` of a paged public list ("Load More" as a plain link).
 * A token that is not one of ours sends the visitor to the first page
 * rather than an error page: it can only come from a mangled link.
 */
export function readCursorParam(request: Request): Cursor | null {
  const url = new URL(request.url);
  const token = url.searchParams.get('cursor');
  if (!token) return null;
  try {
    return decodeCursor(token);
  } catch {
    url.searchParams.delete('cursor');
    throw redirect(url.pathname + url.search);
  }
}
