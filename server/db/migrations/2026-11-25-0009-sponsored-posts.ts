/**
 * Sponsored posts: a `sponsored` flag (0 or 1; shown as a label wherever the
 * post appears, and its campaign links marked as paid), and the sponsored
 * submission a post was drafted from, one post per submission.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function sponsoredPostsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('sponsored', 'integer', (col) => col.notNull().defaultTo(0).check(sql`sponsored in (0, 1)`))
        .execute();
      await db.schema
        .alterTable('posts')
        .addColumn('sponsored_submission_id', 'integer', (col) => col.references('sponsored_submissions.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('posts_sponsored_submission_idx')
        .on('posts')
        .column('sponsored_submission_id')
        .unique()
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('posts_sponsored_submission_idx').execute();
      await db.schema.alterTable('posts').dropColumn('sponsored_submission_id').execute();
      await db.schema.alterTable('posts').dropColumn('sponsored').execute();
    },
  };
}
