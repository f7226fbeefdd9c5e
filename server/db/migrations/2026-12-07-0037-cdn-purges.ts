/**
 * The CDN's purge log (decision 098), `cdn_purges`: each attempt to purge
 * at the configured CDN, what it purged (tags, or everything), why (a
 * write, the clock, an owner) and how it went. The owners' Settings → CDN
 * shows the last purge and the recent failures from it; the purges
 * themselves are durable jobs (`jobs`), retried there.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function cdnPurgesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('cdn_purges');
      await (engine === 'postgres'
        ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
        // `varnish`, `cloudflare`, `fastly` or `bunny`: the CDN it went to.
        .addColumn('cdn', 'text', (col) => col.notNull())
        // A JSON array of tags; null for everything.
        .addColumn('tags', 'text')
        .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('write', 'clock', 'everything')`))
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('sent', 'failed')`))
        .addColumn('attempt', 'integer', (col) => col.notNull())
        // Whether a failed attempt is tried again (false: it was the last).
        .addColumn('retried', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('cdn_purges_status_at_idx').on('cdn_purges').columns(['status', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cdn_purges').execute();
    },
  };
}
