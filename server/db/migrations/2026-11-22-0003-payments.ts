/**
 * Payments: the provider events already applied (webhooks are delivered at
 * least once), the sessions of the built-in test checkout, and the outbox of
 * e-mails. Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function paymentsMigration(engine: Engine): Migration {
  const idColumn = (db: Kysely<unknown>, table: string) =>
    engine === 'postgres'
      ? db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      // One row per provider event applied; the primary key makes a second
      // delivery of the same event a no-op.
      await db.schema
        .createTable('payment_events')
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('event_id', 'text', (col) => col.notNull())
        .addColumn('event_type', 'text', (col) => col.notNull())
        .addColumn('payment_id', 'integer', (col) =>
          col.references('payment_transactions.id').onDelete('set null'),
        )
        .addColumn('processed_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
        .execute();

      // Refunds name the payment intent, not the checkout session.
      await db.schema
        .createIndex('payment_transactions_provider_payment_idx')
        .on('payment_transactions')
        .column('provider_payment_id')
        .execute();

      // The built-in test checkout keeps its sessions as a payment provider
      // would: apart from our payment records, settled through its own page.
      await db.schema
        .createTable('local_checkout_sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('payment_id', 'integer', (col) =>
          col.notNull().references('payment_transactions.id').onDelete('cascade'),
        )
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('product_name', 'text', (col) => col.notNull())
        .addColumn('customer_email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('open', 'complete', 'expired')`),
        )
        .addColumn('payment_status', 'text', (col) =>
          col.notNull().check(sql`payment_status in ('paid', 'unpaid')`),
        )
        .addColumn('payment_intent_id', 'text')
        .addColumn('success_url', 'text', (col) => col.notNull())
        .addColumn('cancel_url', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await idColumn(db, 'outbox')
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('to_address', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('text_body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'sent', 'failed', 'stored')`),
        )
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('outbox_status_created_idx').on('outbox').columns(['status', 'created_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
      await db.schema.dropTable('local_checkout_sessions').execute();
      await db.schema.dropIndex('payment_transactions_provider_payment_idx').execute();
      await db.schema.dropTable('payment_events').execute();
    },
  };
}
