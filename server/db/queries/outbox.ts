/** All outbox SQL: every e-mail the site sends, and how its delivery went. */
import { nowSeconds } from '../database.ts';
import type { Db, OutboxRow, OutboxStatus } from '../schema.ts';

/** Longer SMTP errors are cut: the start names the problem. */
const MAX_ERROR_LENGTH = 1000;

export function insertOutboxMail(
  db: Db,
  mail: { kind: string; to: string; subject: string; text: string; status: OutboxStatus },
): Promise<OutboxRow> {
  return db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      status: mail.status,
      error: null,
      created_at: nowSeconds(),
      sent_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markOutboxMailSent(db: Db, id: number): Promise<void> {
  await db.updateTable('outbox').set({ status: 'sent', sent_at: nowSeconds(), error: null }).where('id', '=', id).execute();
}

export async function markOutboxMailFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'failed', error: error.slice(0, MAX_ERROR_LENGTH) })
    .where('id', '=', id)
    .execute();
}
