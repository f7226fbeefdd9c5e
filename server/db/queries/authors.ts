/**
 * Author profiles: the public face of a member of staff's account (the
 * byline of the posts they are the author of, their page `/author/{slug}`),
 * kept on `users` (migration 0032). Never their address.
 */
import { authorPath, parseAuthorLinks } from '../../../common/authors.ts';
import type { AuthorChoiceJson, AuthorJson, AuthorProfileJson, PostAuthorJson } from '../../../common/answers.ts';
import type { AuthorProfileInput } from '../../../common/schemas/author.ts';
import { STAFF_ROLES } from '../../../common/staff-roles.ts';
import { nowSeconds } from '../database.ts';
import { recordAuthorSlugChange } from './author-slug-history.ts';
import type { Db, UserRow } from '../schema.ts';

type ProfileRow = Pick<UserRow, 'id' | 'name' | 'author_slug' | 'author_bio' | 'author_avatar' | 'author_links'>;

const PROFILE_COLUMNS = ['id', 'name', 'author_slug', 'author_bio', 'author_avatar', 'author_links'] as const;

/** The byline of an account, or null when it shows none (no name, or no slug yet). */
function bylineOf(row: ProfileRow): PostAuthorJson | null {
  const name = row.name.trim();
  if (!name || !row.author_slug) return null;
  return { name, slug: row.author_slug, url: authorPath(row.author_slug), avatar: row.author_avatar };
}

function profileJson(row: ProfileRow): AuthorProfileJson {
  return {
    user_id: row.id,
    name: row.name,
    slug: row.author_slug,
    url: row.author_slug ? authorPath(row.author_slug) : null,
    bio: row.author_bio,
    avatar: row.author_avatar,
    links: parseAuthorLinks(row.author_links),
  };
}

/** The bylines of many authors in one query, by account id (accounts without one are left out). */
export async function findBylines(db: Db, userIds: readonly (number | null)[]): Promise<Map<number, PostAuthorJson>> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  const byId = new Map<number, PostAuthorJson>();
  if (ids.length === 0) return byId;
  const rows = await db.selectFrom('users').select(PROFILE_COLUMNS).where('id', 'in', ids).execute();
  for (const row of rows) {
    const byline = bylineOf(row);
    if (byline) byId.set(row.id, byline);
  }
  return byId;
}

/** A member of staff's profile as the back office edits it; undefined for no such member of staff. */
export async function findAuthorProfile(db: Db, userId: number): Promise<AuthorProfileJson | undefined> {
  const row = await db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', userId).where('role', 'in', STAFF_ROLES).executeTakeFirst();
  return row && profileJson(row);
}

/** The public author at `slug`: a member of staff with a name; undefined for none. */
export async function findAuthorBySlug(db: Db, slug: string): Promise<{ id: number; author: AuthorJson } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(PROFILE_COLUMNS)
    .where('author_slug', '=', slug)
    .where('role', 'in', STAFF_ROLES)
    .executeTakeFirst();
  const byline = row && bylineOf(row);
  if (!row || !byline) return undefined;
  return { id: row.id, author: { ...byline, bio: row.author_bio, links: parseAuthorLinks(row.author_links) } };
}

/** Whether another account than `userId` holds `slug`. */
export async function isAuthorSlugTaken(db: Db, slug: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('author_slug', '=', slug).where('id', '<>', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a profile; undefined when the account is gone. A changed slug
 * leaves the old one redirecting to the new (decision 101): run it in a
 * transaction.
 */
export async function saveAuthorProfile(db: Db, userId: number, input: AuthorProfileInput): Promise<AuthorProfileJson | undefined> {
  const before = await db.selectFrom('users').select('author_slug').where('id', '=', userId).where('role', 'in', STAFF_ROLES).executeTakeFirst();
  if (!before) return undefined;
  const now = nowSeconds();
  const row = await db
    .updateTable('users')
    .set({
      author_slug: input.slug,
      author_bio: input.bio,
      author_avatar: input.avatar,
      author_links: JSON.stringify(input.links),
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('role', 'in', STAFF_ROLES)
    .returning(PROFILE_COLUMNS)
    .executeTakeFirst();
  if (row) await recordAuthorSlugChange(db, userId, before.author_slug, row.author_slug, now);
  return row && profileJson(row);
}

/** Every member of staff, for the post editor's Author picker: by name, then account. */
export function listAuthorChoices(db: Db): Promise<AuthorChoiceJson[]> {
  return db.selectFrom('users').select(['id', 'name']).where('role', 'in', STAFF_ROLES).orderBy('name').orderBy('id').execute();
}

/** Whether `userId` is a member of staff (a post's author must be one). */
export async function isStaffMember(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('role', 'in', STAFF_ROLES).executeTakeFirst();
  return row !== undefined;
}

/** The slugs of every author with live posts, with their newest post's time (the sitemap). */
export async function listAuthorSlugsWithLivePosts(db: Db, now: number): Promise<{ slug: string; updated_at: number }[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('posts', 'posts.author_id', 'users.id')
    .select(['users.author_slug as slug', (eb) => eb.fn.max('posts.updated_at').as('updated_at')])
    .where('users.author_slug', 'is not', null)
    .where('users.name', '<>', '')
    .where('users.role', 'in', STAFF_ROLES)
    .where('posts.status', '=', 'published')
    .where('posts.published_at', 'is not', null)
    .where('posts.published_at', '<=', now)
    .groupBy('users.author_slug')
    .orderBy('users.author_slug')
    .execute();
  return rows.flatMap((row) => (row.slug ? [{ slug: row.slug, updated_at: Number(row.updated_at) }] : []));
}
