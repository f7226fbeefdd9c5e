/**
 * Who created each post: the member of staff whose name the post page
 * shows as its byline. Null for posts made before (their creator was not
 * kept), by the demo seeder, or by an account since removed.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function postCreatorMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('created_by').execute();
    },
  };
}
