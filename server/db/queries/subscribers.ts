import { nowSeconds } from '../database.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { Db, NewsletterSubscriberRow } from '../schema.ts';

import type { SubscriberJson } from '../../../common/answers.ts';

export type { SubscriberJson };

const toSubscriberJson = (row: NewsletterSubscriberRow): SubscriberJson => ({
  id: row.id,
  email: row.email,
  subscribed_at: new Date(row.subscribed_at * 1000).toISOString(),
});

/** Adds a subscriber; returns null when the address (any case) is already on the list. */
export async function insertSubscriber(db: Db, email: string): Promise<SubscriberJson | null> {
  const row = await db
    .insertInto('newsletter_subscribers')
    .values({ email, email_normalized: email.toLowerCase(), subscribed_at: nowSeconds() })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toSubscriberJson(row) : null;
}

export async function listSubscribers(
  db: Db,
  options: PageRequest,
): Promise<{ subscribers: SubscriberJson[]; next_token: string | null }> {
  const query = db.selectFrom('newsletter_subscribers').selectAll();
  const page = await fetchNewestFirst(
    query,
    { sort: 'subscribed_at', id: 'id', sortKeyOf: (row) => row.subscribed_at },
    options,
  );
  return { subscribers: page.rows.map(toSubscriberJson), next_token: page.next_token };
}

export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
