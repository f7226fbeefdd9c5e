import type { ContactMessageInput } from '../../../common/schemas/contact-message.ts';
import { nowSeconds } from '../database.ts';
import { containsText } from '../contains-text.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { ContactMessageStatus, Db } from '../schema.ts';

import type { ContactMessageJson } from '../../../common/answers.ts';

export type { ContactMessageJson };

export function insertContactMessage(db: Db, input: ContactMessageInput): Promise<ContactMessageJson> {
  const now = nowSeconds();
  return db
    .insertInto('contact_submissions')
    .values({ ...input, status: 'new', created_at: now, updated_at: now, version: 1 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listContactMessages(
  db: Db,
  options: { status?: ContactMessageStatus | undefined; q?: string | undefined } & PageRequest,
): Promise<{ submissions: ContactMessageJson[]; next_token: string | null }> {
  let query = db.selectFrom('contact_submissions').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  if (options.q) query = query.where(containsText(['name', 'email', 'message'], options.q));
  const page = await fetchNewestFirst(
    query,
    { sort: 'created_at', id: 'id', sortKeyOf: (row) => row.created_at },
    options,
  );
  return { submissions: page.rows, next_token: page.next_token };
}

/** How many messages are in each tab. */
export async function countContactMessagesByStatus(db: Db): Promise<Record<ContactMessageStatus, number>> {
  const rows = await db
    .selectFrom('contact_submissions')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<ContactMessageStatus, number> = { new: 0, read: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export function findContactMessageById(db: Db, id: number): Promise<ContactMessageJson | undefined> {
  return db.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the status if `version` is still current; undefined otherwise. */
export function updateContactMessageStatus(
  db: Db,
  id: number,
  status: ContactMessageStatus,
  version: number,
): Promise<ContactMessageJson | undefined> {
  return db
    .updateTable('contact_submissions')
    .set((eb) => ({ status, updated_at: nowSeconds(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}
