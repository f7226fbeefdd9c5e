import { nowSeconds } from '../database.ts';
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

export async function countAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function createUser(
  db: Db,
  user: { email: string; passwordHash: string; role: UserRole },
): Promise<UserRow> {
  const now = nowSeconds();
  return db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      password_hash: user.passwordHash,
      role: user.role,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowSeconds() })
    .where('id', '=', id)
    .execute();
}
