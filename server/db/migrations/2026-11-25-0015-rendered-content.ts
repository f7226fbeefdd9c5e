/**
 * `content_html` and `content_html_key` on posts and resources: the markdown
 * body rendered and sanitised when the row is saved, and the key (hash of
 * the source and of the renderer) it was rendered under, so a page reuses it
 * rather than rendering it on every request (decision 033). Null for every
 * existing row: those render on their first reads, as before, until saved.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

const TABLES = ['posts', 'resources'] as const;

export function renderedContentMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).addColumn('content_html', 'text').execute();
        await db.schema.alterTable(table).addColumn('content_html_key', 'text').execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('content_html_key').execute();
        await db.schema.alterTable(table).dropColumn('content_html').execute();
      }
    },
  };
}
