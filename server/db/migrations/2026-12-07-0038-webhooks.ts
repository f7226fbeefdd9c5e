/**
 * Signed webhooks (decision 100):
 * - `webhook_endpoints`: an owner's receiver (flags stored as 0 or 1): its URL, the events it is sent
 *   (a JSON list), whether subscriber events carry the address, its secret
 *   sealed at rest, whether it is on, since when it has been failing
 *   without a success between, and the delivery holding its one place in
 *   flight (`sending_delivery` until `sending_until`: a server that dies
 *   mid-send frees it when that runs out).
 * - `webhook_deliveries`: one event for one endpoint, the log staff read:
 *   its `msg_` id (the same on every attempt and on a resend), the JSON body
 *   sent, its status, attempts, when the next is due, and the last answer's
 *   code, duration and a short excerpt or error.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function webhooksMigration(engine: Engine): Migration {
  const withId = (name: string, kysely: Kysely<unknown>) => {
    const table = kysely.schema.createTable(name);
    return engine === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<unknown>) {
      await withId('webhook_endpoints', db)
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('events', 'text', (col) => col.notNull())
        .addColumn('include_email', 'integer', (col) => col.notNull().defaultTo(0).check(sql`include_email in (0, 1)`))
        .addColumn('secret_sealed', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'bigint')
        .addColumn('sending_delivery', 'integer')
        .addColumn('sending_until', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await withId('webhook_deliveries', db)
        .addColumn('endpoint_id', 'integer', (col) => col.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (col) => col.notNull())
        .addColumn('event_type', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('response_status', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('response_excerpt', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      // An endpoint's log, newest first, and its bound.
      await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
