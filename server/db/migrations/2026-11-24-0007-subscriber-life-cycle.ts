/**
 * The life of a newsletter subscriber: `pending` until the address is
 * confirmed through a mailed link (double opt-in), `active`, then
 * `unsubscribed` or `bounced`; with the record of consent (where and when it
 * signed up, the text it was shown, when it confirmed, when and how it
 * left). Addresses on the list before confirmation existed stay active.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function subscriberLifeCycleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const columns: [string, 'text' | 'bigint'][] = [
        ['signup_path', 'text'],
        ['consent_text', 'text'],
        // sha-256 of the confirmation token; the token itself is only in the mail.
        ['confirm_token_hash', 'text'],
        ['confirm_expires_at', 'bigint'],
        ['confirm_sent_at', 'bigint'],
        ['confirmed_at', 'bigint'],
        // Random, per subscriber, no expiry: the address of its unsubscribe link.
        ['unsubscribe_token', 'text'],
        ['left_at', 'bigint'],
        ['left_via', 'text'],
      ];
      await db.schema
        .alterTable('newsletter_subscribers')
        .addColumn('status', 'text', (col) =>
          col.notNull().defaultTo('active').check(sql`status in ('pending', 'active', 'unsubscribed', 'bounced')`),
        )
        .execute();
      for (const [name, type] of columns) {
        await db.schema.alterTable('newsletter_subscribers').addColumn(name, type).execute();
      }
      await db.schema
        .createIndex('newsletter_subscribers_confirm_idx')
        .on('newsletter_subscribers')
        .column('confirm_token_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('newsletter_subscribers_unsubscribe_idx')
        .on('newsletter_subscribers')
        .column('unsubscribe_token')
        .unique()
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('newsletter_subscribers_unsubscribe_idx').execute();
      await db.schema.dropIndex('newsletter_subscribers_confirm_idx').execute();
      for (const name of [
        'status',
        'signup_path',
        'consent_text',
        'confirm_token_hash',
        'confirm_expires_at',
        'confirm_sent_at',
        'confirmed_at',
        'unsubscribe_token',
        'left_at',
        'left_via',
      ]) {
        await db.schema.alterTable('newsletter_subscribers').dropColumn(name).execute();
      }
    },
  };
}
