/**
 * One table of the addresses (`/{slug}`) posts and resources hold, whose
 * primary key makes the database itself refuse a slug taken by the other
 * kind: two saves at the same moment, on two servers, can no longer both
 * succeed (decision 002). Filled from the existing rows; where a post and a
 * resource already share a slug (made before this table), the post keeps
 * it and the resource is refused that slug at its next save.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function contentSlugsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_slugs')
        .addColumn('slug', 'text', (col) => col.primaryKey())
        .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('post', 'resource')`))
        .addColumn('content_id', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('content_slugs_content_idx')
        .on('content_slugs')
        .columns(['content_type', 'content_id'])
        .unique()
        .execute();
      await sql`insert into content_slugs (slug, content_type, content_id) select slug, 'post', id from posts`.execute(db);
      await sql`insert into content_slugs (slug, content_type, content_id)
        select slug, 'resource', id from resources where slug not in (select slug from content_slugs)`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_slugs').execute();
    },
  };
}
