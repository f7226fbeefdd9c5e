/**
 * `users.tokens_valid_after` (Unix seconds): an access token of the user
 * whose `iat` is below it is refused, so logout, refresh-token reuse and a
 * password reset end access tokens at once rather than when they expire
 * (decision 029). 0 for every existing account: its tokens stay valid.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function tokenValidityMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('tokens_valid_after', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
    },
  };
}
