/**
 * A post's review (its verdict, take, who it is for, risks and score), kept
 * as one JSON text column: it is read and written whole with its post and
 * no query looks inside it (decision 093). Null: no review.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function postReviewsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').addColumn('review', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('review').execute();
    },
  };
}
