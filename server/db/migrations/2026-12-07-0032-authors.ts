/**
 * Authors: every member of staff gets a public author profile on their
 * account (a slug, unique, for `/author/{slug}`; a short bio; an avatar, an
 * upload's path; up to three links, kept as a JSON list), and each post the
 * member of staff it names as its author (`author_id`), at first its
 * creator. Accounts with a name get a slug from it (`-{id}` added when two
 * names make the same one); those without keep none until they set one.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The slug rule as it stood when this ran (common/schemas/slug.ts): frozen with it. */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 88)
    .replace(/-+$/, '');
}

const RESERVED = new Set(['admin', 'administrator', 'api', 'author', 'authors', 'editor', 'editors', 'feed', 'me', 'new', 'owner', 'page', 'rss', 'staff', 'team']);

export function authorsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('author_slug', 'text')
        .execute();
      await db.schema.alterTable('users').addColumn('author_bio', 'text', (col) => col.notNull().defaultTo('')).execute();
      await db.schema.alterTable('users').addColumn('author_avatar', 'text').execute();
      await db.schema.alterTable('users').addColumn('author_links', 'text', (col) => col.notNull().defaultTo('[]')).execute();
      await db.schema.createIndex('users_author_slug').unique().on('users').column('author_slug').execute();
      await db.schema
        .alterTable('posts')
        .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('posts_author_id').on('posts').column('author_id').execute();
      await sql`update posts set author_id = created_by`.execute(db);

      const named = await sql<{ id: number; name: string }>`select id, name from users where name <> '' order by id`.execute(db);
      const taken = new Set<string>();
      for (const { id, name } of named.rows) {
        const base = slugOf(name);
        const slug = base && !RESERVED.has(base) && !taken.has(base) ? base : base ? `${base}-${id}` : `author-${id}`;
        taken.add(slug);
        await sql`update users set author_slug = ${slug} where id = ${id}`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('posts_author_id').execute();
      await db.schema.alterTable('posts').dropColumn('author_id').execute();
      await db.schema.dropIndex('users_author_slug').execute();
      for (const column of ['author_links', 'author_avatar', 'author_bio', 'author_slug']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
