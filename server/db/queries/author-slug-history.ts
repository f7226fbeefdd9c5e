/**
 * The slugs author pages had before (migration 0039, decision 101): an old
 * slug answers 301 to its author's page at the slug it holds now, through
 * any number of changes, until another author takes it.
 */
import { STAFF_ROLES } from '../../../common/staff-roles.ts';
import type { Db } from '../schema.ts';

/**
 * Keeps the history in step with an account's slug going from `before` to
 * `after`: the old one points at the account, and the one it now holds
 * points nowhere else (whoever held it before).
 */
export async function recordAuthorSlugChange(db: Db, userId: number, before: string | null, after: string | null, now: number): Promise<void> {
  if (before !== null && before !== after) {
    await db
      .insertInto('author_slug_history')
      .values({ old_slug: before, user_id: userId, created_at: now })
      .onConflict((oc) => oc.column('old_slug').doUpdateSet({ user_id: userId, created_at: now }))
      .execute();
  }
  if (after !== null) await db.deleteFrom('author_slug_history').where('old_slug', '=', after).execute();
}

/** The slug the member of staff who once held `oldSlug` holds now; undefined when none. */
export async function findRenamedAuthorSlug(db: Db, oldSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('author_slug_history as history')
    .innerJoin('users', 'users.id', 'history.user_id')
    .select('users.author_slug')
    .where('history.old_slug', '=', oldSlug)
    .where('users.role', 'in', STAFF_ROLES)
    .executeTakeFirst();
  return row?.author_slug ?? undefined;
}
