/**
 * `social_cards`: which rendered social card (`cards/<version>.png` in
 * storage) was drawn for which subject (`post:12`, `resource:3`, `site`),
 * and when it was last stored. A card's address changes with what it shows,
 * so each edit leaves the previous version behind; this ledger lets the
 * hourly maintenance find and remove those, on any storage driver, without
 * listing the bucket. Cards stored before it have no row and stay.
 * Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

export function socialCardLedgerMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('social_cards')
        .addColumn('version', 'text', (col) => col.primaryKey())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('stored_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('social_cards_subject_idx').on('social_cards').columns(['subject', 'stored_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('social_cards').execute();
    },
  };
}
