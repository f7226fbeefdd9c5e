/**
 * The outbox as the owner reads it (decision 049): `html_body` keeps the
 * HTML version of a mail that has one (a newsletter kept without a mail
 * server); `secret_link` is the link of a mail that works as a key (a
 * password reset, an invitation, a confirmation), kept only until
 * `redact_after`, when the link is cut out of the mail's bodies and
 * `redacted_at` says when. A mail that went out through SMTP loses its link
 * at once, so a copy of the database holds no working token.
 *
 * Mails kept before this migration get the same treatment: their link is
 * found in the text, sent ones lose it now, the others when it expires.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

/** How long each kind's link worked when this migration was written (seconds). */
const LINK_LIFETIMES: Record<string, number> = {
  password_reset: 60 * 60,
  staff_invitation: 72 * 60 * 60,
  newsletter_confirmation: 7 * 24 * 60 * 60,
  email_change: 24 * 60 * 60,
};
const TOKEN_LINK = /https?:\/\/[^\s<>"']+[?&]token=[^\s<>"']+/;
const REMOVED_ONCE_SENT = '[link removed once the mail was sent]';
const REMOVED_EXPIRED = '[link removed: it has expired]';

interface KeptMail {
  id: number;
  kind: string;
  text_body: string;
  status: string;
  created_at: number | string;
}

export function outboxMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('html_body', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('secret_link', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('redact_after', 'bigint').execute();
      await db.schema.alterTable('outbox').addColumn('redacted_at', 'bigint').execute();
      await db.schema.createIndex('outbox_redact_after_idx').on('outbox').column('redact_after').execute();
      await db.schema.createIndex('outbox_created_idx').on('outbox').columns(['created_at', 'id']).execute();

      const kinds = Object.keys(LINK_LIFETIMES);
      const { rows } = await sql<KeptMail>`select id, kind, text_body, status, created_at from outbox where kind in (${sql.join(kinds)})`.execute(db);
      const now = Math.floor(Date.now() / 1000);
      for (const row of rows) {
        const link = TOKEN_LINK.exec(row.text_body)?.[0];
        if (!link) continue;
        const redactAfter = Number(row.created_at) + (LINK_LIFETIMES[row.kind] ?? 0);
        if (row.status === 'sent' || redactAfter <= now) {
          const text = row.text_body.split(link).join(row.status === 'sent' ? REMOVED_ONCE_SENT : REMOVED_EXPIRED);
          await sql`update outbox set text_body = ${text}, redacted_at = ${now} where id = ${row.id}`.execute(db);
        } else {
          await sql`update outbox set secret_link = ${link}, redact_after = ${redactAfter} where id = ${row.id}`.execute(db);
        }
      }
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_created_idx').execute();
      await db.schema.dropIndex('outbox_redact_after_idx').execute();
      await db.schema.alterTable('outbox').dropColumn('redacted_at').execute();
      await db.schema.alterTable('outbox').dropColumn('redact_after').execute();
      await db.schema.alterTable('outbox').dropColumn('secret_link').execute();
      await db.schema.alterTable('outbox').dropColumn('html_body').execute();
    },
  };
}
