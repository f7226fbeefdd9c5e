/**
 * Staff accounts: roles (owner, admin, editor), names, sign-in sessions with
 * their device and address, invitations, password resets, TOTP two-factor
 * with recovery codes, the audit log and the owner's settings.
 *
 * The earliest administrator becomes the owner, so an existing site keeps
 * one account that can manage staff. Tokens of invitations, resets and
 * recovery codes are kept as hashes only.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function staffAccountsMigration(engine: Engine): Migration {
  const idTable = (db: Kysely<unknown>, table: string) =>
    engine === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('name', 'text', (col) => col.notNull().defaultTo('')).execute();
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      await db.schema.alterTable('users').addColumn('totp_enabled_at', 'bigint').execute();
      // The time step of the last accepted code: a code is never accepted twice.
      await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
      await sql`update users set role = 'owner' where id = (select min(id) from users where role = 'admin')`.execute(db);

      // One row per sign-in; its refresh tokens share its id as `family_id`.
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint', (col) => col.notNull())
        .addColumn('ip_address', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('staff_sessions_user_idx').on('staff_sessions').columns(['user_id']).execute();

      await idTable(db, 'staff_invitations')
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'admin', 'editor')`))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('accepted_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('staff_invitations_email_idx').on('staff_invitations').columns(['email']).execute();

      await idTable(db, 'password_resets')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await idTable(db, 'recovery_codes')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id']).execute();

      // Who did what, kept even when the account is removed (the e-mail stays).
      await idTable(db, 'audit_log')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('user_email', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('entity', 'text')
        .addColumn('entity_id', 'text')
        .addColumn('version_before', 'integer')
        .addColumn('version_after', 'integer')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at']).execute();
      await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();

      // The owner's settings, one JSON value per key.
      await db.schema
        .createTable('site_settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['site_settings', 'audit_log', 'recovery_codes', 'password_resets', 'staff_invitations', 'staff_sessions']) {
        await db.schema.dropTable(table).execute();
      }
      await sql`update users set role = 'admin' where role in ('owner', 'editor')`.execute(db);
      for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret', 'name']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
