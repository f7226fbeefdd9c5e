/**
 * What became of an issue's posts and recipients when its sending started.
 * `left_out` is a JSON array of `{ id, title }`: the chosen posts that were
 * not live at that moment, so neither the mail nor the web version carries
 * them, and the back office can say which. `reached_nobody_at` is set when a
 * sending found no one left to take the issue: it went back to draft
 * rather than counting as sent (decision 043).
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function newsletterLeftOutMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('newsletter_issues')
        .addColumn('left_out', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('newsletter_issues').addColumn('reached_nobody_at', 'bigint').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_issues').dropColumn('reached_nobody_at').execute();
      await db.schema.alterTable('newsletter_issues').dropColumn('left_out').execute();
    },
  };
}
