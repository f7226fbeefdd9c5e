import { defaultAuthorSlug } from '../../../common/schemas/author.ts';
import { containsText } from '../contains-text.ts';
import { nowSeconds, type Engine } from '../database.ts';
import { recordAuthorSlugChange } from './author-slug-history.ts';
import type { Db, UserRole, UserRow } from '../schema.ts';

/** Addresses are compared case-insensitively; stored lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The names staff set, by account: what a post's byline shows (empty names are none). */
export function listStaffNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('users').select(['id', 'name']).where('name', '<>', '').orderBy('id').execute();
}

export async function countAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', 'in', ['owner', 'admin', 'editor'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's account address (the first owner, should there be several); undefined before the first start made one. */
export async function findOwnerEmail(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('role', '=', 'owner').orderBy('id').limit(1).executeTakeFirst();
  return row?.email;
}

/**
 * Gives a named account its author slug when it has none yet (from its name,
 * common/schemas/author.ts): a slug, once given, stays as the member of staff
 * set or got it, so their author page keeps its address through a rename.
 */
async function withAuthorSlug(db: Db, user: UserRow | undefined): Promise<UserRow | undefined> {
  if (!user || user.author_slug !== null || user.name.trim() === '') return user;
  const base = defaultAuthorSlug(user.name, user.id, () => false);
  const taken = await db.selectFrom('users').select('author_slug').where('author_slug', '=', base).executeTakeFirst();
  const slug = taken ? defaultAuthorSlug(user.name, user.id, () => true) : base;
  const saved = await db
    .updateTable('users')
    .set({ author_slug: slug })
    .where('id', '=', user.id)
    .where('author_slug', 'is', null)
    .returningAll()
    .executeTakeFirst();
  // A slug another author left: its redirect stops here (decision 101).
  if (saved) await recordAuthorSlugChange(db, user.id, null, slug, nowSeconds());
  return saved ?? user;
}

export async function createUser(
  db: Db,
  user: { email: string; passwordHash: string; role: UserRole; name?: string },
): Promise<UserRow> {
  const now = nowSeconds();
  const created = await db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      name: user.name ?? '',
      password_hash: user.passwordHash,
      role: user.role,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await withAuthorSlug(db, created)) ?? created;
}

export async function updateUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowSeconds() })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends every access token of the user issued so far, this second included:
 * tokens with an `iat` below `now + 1` are refused from here on, and tokens
 * issued afterwards carry an `iat` of at least that (`accessTokenIssuedAt`).
 * Never moves the limit backwards (another server's clock may lag).
 */
export async function revokeAccessTokensOfUser(db: Db, userId: number, now: number): Promise<void> {
  const limit = now + 1;
  await db
    .updateTable('users')
    .set((eb) => ({
      tokens_valid_after: eb
        .case()
        .when('tokens_valid_after', '<', limit)
        .then(limit)
        .else(eb.ref('tokens_valid_after'))
        .end(),
    }))
    .where('id', '=', userId)
    .execute();
}

/** A member of staff with the latest use of any of their sessions (null: never signed in since sessions were kept). */
export type StaffUserWithActivity = UserRow & { last_active_at: number | null };

/** Every staff account (not `member`), oldest first; with `q`, those whose name or address contains it. */
export function listStaffUsers(db: Db, q?: string): Promise<StaffUserWithActivity[]> {
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('staff_sessions')
        .select((inner) => inner.fn.max('staff_sessions.last_used_at').as('last_used_at'))
        .whereRef('staff_sessions.user_id', '=', 'users.id')
        .as('last_active_at'),
    )
    .where('users.role', 'in', ['owner', 'admin', 'editor']);
  if (q) query = query.where(containsText(['users.name', 'users.email'], q));
  return query.orderBy('users.created_at', 'asc').orderBy('users.id', 'asc').execute();
}

/**
 * Locks the owners' rows until the transaction ends (PostgreSQL; SQLite has
 * one writer at a time already, so there it does nothing), so two changes
 * cannot each leave the other as the last owner and both go through.
 */
export async function lockOwners(db: Db, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('users').select('id').where('role', '=', 'owner').forUpdate().execute();
}

export async function updateUserRole(db: Db, id: number, changes: { role: UserRole; name?: string | undefined }): Promise<UserRow | undefined> {
  const saved = await db
    .updateTable('users')
    .set({ role: changes.role, ...(changes.name === undefined ? {} : { name: changes.name }), updated_at: nowSeconds() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return withAuthorSlug(db, saved);
}

/** Removes the account; its sessions, tokens and codes go with it, what it wrote stays (foreign keys set null). */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Sets the account's name and, when given, its address (lowercased, as every address is stored). */
export async function updateUserProfile(db: Db, id: number, changes: { name: string; email?: string }): Promise<UserRow | undefined> {
  const saved = await db
    .updateTable('users')
    .set({ name: changes.name, ...(changes.email === undefined ? {} : { email: normalizeEmail(changes.email) }), updated_at: nowSeconds() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return withAuthorSlug(db, saved);
}

/**
 * Moves the account from one address to another, if it still has the first
 * one; undefined when it does not (the link was used, or the address changed
 * since it was sent).
 */
export async function moveUserEmail(db: Db, id: number, from: string, to: string): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ email: normalizeEmail(to), updated_at: nowSeconds() })
    .where('id', '=', id)
    .where('email', '=', normalizeEmail(from))
    .returningAll()
    .executeTakeFirst();
}
