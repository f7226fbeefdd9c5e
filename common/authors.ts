/**
 * Where an author's page lives and how their links are kept: shared by the
 * server's answers and the pages that link to them.
 */

/** The author page's path: `/author/{slug}`. */
export function authorPath(slug: string): string {
  return `/author/${slug}`;
}

/** The links as stored (a JSON list): anything else reads as none. */
export function parseAuthorLinks(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((link): link is string => typeof link === 'string') : [];
  } catch {
    return [];
  }
}
