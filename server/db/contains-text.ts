/**
 * The back office's list search: a row matches when any of the given
 * columns contains the text. Case is folded with lower() on both sides,
 * since PostgreSQL's LIKE is case-sensitive and SQLite's is not; SQLite's
 * lower() folds ASCII letters only, so there accented capitals still count
 * as different letters. `%` and `_` in the text are matched as themselves.
 */
import { sql, type RawBuilder } from 'kysely';

/** The text as a LIKE pattern for "contains", its wildcards escaped with a backslash. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A condition: one of `columns` (qualified names, trusted: never user input) contains `text`. */
export function containsText(columns: readonly string[], text: string): RawBuilder<boolean> {
  const pattern = containsPattern(text);
  const tests = columns.map((column) => sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
