/**
 * Site search (decision 028): a full-text index of every post and resource
 * (title, excerpt, body), kept current by triggers on both tables, so every
 * write path (the services, the demo seed, a row changed by hand) keeps it
 * in step. The index holds drafts and scheduled items too: whether an item
 * is live is decided when a search runs, with the time of that search.
 *
 * SQLite: `search_index`, a contentless FTS5 table (the text stays in posts
 * and resources only) whose rowid is the post's id, or minus the resource's
 * id. `contentless_delete=1` lets the triggers delete and replace entries.
 *
 * PostgreSQL: `search_documents`, one weighted `tsvector` per item
 * (A title, B excerpt, C body) with a GIN index. A table of its own rather
 * than a generated column on posts and resources: the reads that take every
 * column of those tables would otherwise carry the vector along.
 *
 * Both engines index the same words: runs of letters and digits, lower-cased,
 * accents kept, no stemming and no stop words (PostgreSQL's `simple`
 * configuration, FTS5's `unicode61` tokenizer without diacritics removal).
 * Prefix matching covers plurals and most endings ("campaign" finds
 * "campaigns"), and both engines then find exactly the same items for a query.
 * PostgreSQL's parser keeps some punctuated tokens whole (`kickstarter.com`,
 * `e-bike`, `a@b.org`); punctuation becomes a space before parsing, so they
 * are split into words there too.
 *
 * A later migration that rebuilds posts or resources (copy, drop, rename)
 * drops their triggers with the old table and must create them again.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

const KINDS = [
  // rowid of the SQLite index: the post's id, or minus the resource's id.
  { type: 'post', table: 'posts', rowid: (id: string) => id },
  { type: 'resource', table: 'resources', rowid: (id: string) => `-${id}` },
] as const;

async function upSqlite(db: Kysely<unknown>) {
  await sql`create virtual table search_index using fts5(
    title, excerpt, content,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db);
  for (const { table, rowid } of KINDS) {
    const values = (row: 'new') =>
      sql.raw(`${rowid(`${row}.id`)}, ${row}.title, coalesce(${row}.excerpt, ''), ${row}.content`);
    await sql`create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${sql.table(table)} begin
      insert into search_index (rowid, title, excerpt, content) values (${values('new')});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_update`)} after update of title, excerpt, content on ${sql.table(table)} begin
      delete from search_index where rowid = ${sql.raw(rowid('old.id'))};
      insert into search_index (rowid, title, excerpt, content) values (${values('new')});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${sql.table(table)} begin
      delete from search_index where rowid = ${sql.raw(rowid('old.id'))};
    end`.execute(db);
    await sql`insert into search_index (rowid, title, excerpt, content)
      select ${sql.raw(rowid('id'))}, title, coalesce(excerpt, ''), content from ${sql.table(table)}`.execute(db);
  }
}

async function downSqlite(db: Kysely<unknown>) {
  for (const { table } of KINDS) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_search_${event}`)}`.execute(db);
    }
  }
  await sql`drop table if exists search_index`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await db.schema
    .createTable('search_documents')
    .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('post', 'resource')`))
    .addColumn('content_id', 'integer', (col) => col.notNull())
    .addColumn('document', sql`tsvector`, (col) => col.notNull())
    .addPrimaryKeyConstraint('search_documents_pk', ['content_type', 'content_id'])
    .execute();
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
  // The weighted vector of one item; punctuation becomes a space first (see above).
  await sql`create function search_document(title text, excerpt text, content text) returns tsvector
    language sql immutable parallel safe as $$
      select setweight(to_tsvector('simple', regexp_replace(coalesce(title, ''), '[[:punct:]]+', ' ', 'g')), 'A')
        || setweight(to_tsvector('simple', regexp_replace(coalesce(excerpt, ''), '[[:punct:]]+', ' ', 'g')), 'B')
        || setweight(to_tsvector('simple', regexp_replace(coalesce(content, ''), '[[:punct:]]+', ' ', 'g')), 'C')
    $$`.execute(db);
  // One trigger function for both tables; its argument is the content type.
  await sql`create function search_documents_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where content_type = tg_argv[0] and content_id = old.id;
      else
        insert into search_documents (content_type, content_id, document)
          values (tg_argv[0], new.id, search_document(new.title, new.excerpt, new.content))
          on conflict (content_type, content_id) do update set document = excluded.document;
      end if;
      return null;
    end
  $$`.execute(db);
  for (const { type, table } of KINDS) {
    await sql`create trigger ${sql.raw(`${table}_search_sync`)}
      after insert or delete or update of title, excerpt, content on ${sql.table(table)}
      for each row execute function search_documents_sync(${sql.lit(type)})`.execute(db);
    await sql`insert into search_documents (content_type, content_id, document)
      select ${sql.lit(type)}, id, search_document(title, excerpt, content) from ${sql.table(table)}`.execute(db);
  }
}

async function downPostgres(db: Kysely<unknown>) {
  for (const { table } of KINDS) {
    await sql`drop trigger if exists ${sql.raw(`${table}_search_sync`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists search_documents_sync()`.execute(db);
  await sql`drop table if exists search_documents`.execute(db);
  await sql`drop function if exists search_document(text, text, text)`.execute(db);
}

export function searchMigration(engine: Engine): Migration {
  return {
    up: (db) => (engine === 'postgres' ? upPostgres(db) : upSqlite(db)),
    down: (db) => (engine === 'postgres' ? downPostgres(db) : downSqlite(db)),
  };
}
