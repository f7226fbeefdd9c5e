import type { SubscriberJson, SubscriberLeftVia } from '../../../common/answers.ts';
import { nowSeconds } from '../database.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { Db, NewsletterSubscriberRow } from '../schema.ts';

export type { SubscriberJson };

const isoOrNull = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

const toSubscriberJson = (row: NewsletterSubscriberRow): SubscriberJson => ({
  id: row.id,
  email: row.email,
  subscribed_at: new Date(row.subscribed_at * 1000).toISOString(),
  status: row.status,
  confirmed_at: isoOrNull(row.confirmed_at),
});

export function findSubscriberByEmail(db: Db, email: string): Promise<NewsletterSubscriberRow | undefined> {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** What a signup records: the consent, and the confirmation asked for (none when confirmation is off). */
export interface Signup {
  email: string;
  signupPath: string | null;
  consentText: string;
  unsubscribeToken: string;
  confirmation: { tokenHash: string; expiresAt: number } | null;
}

/** Adds a subscriber, pending or (without confirmation) active; null when the address (any case) is on the list already. */
export async function insertSubscriber(db: Db, signup: Signup): Promise<NewsletterSubscriberRow | null> {
  const now = nowSeconds();
  const row = await db
    .insertInto('newsletter_subscribers')
    .values({
      email: signup.email,
      email_normalized: signup.email.toLowerCase(),
      subscribed_at: now,
      status: signup.confirmation ? 'pending' : 'active',
      signup_path: signup.signupPath,
      consent_text: signup.consentText,
      confirm_token_hash: signup.confirmation?.tokenHash ?? null,
      confirm_expires_at: signup.confirmation?.expiresAt ?? null,
      confirm_sent_at: signup.confirmation ? now : null,
      confirmed_at: signup.confirmation ? null : now,
      unsubscribe_token: signup.unsubscribeToken,
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A new confirmation for an address on the list that is not active (still
 * pending, or gone and signing up again), with the new signup's consent.
 */
export async function renewSignup(db: Db, id: number, signup: Signup): Promise<NewsletterSubscriberRow> {
  const now = nowSeconds();
  return db
    .updateTable('newsletter_subscribers')
    .set({
      status: signup.confirmation ? 'pending' : 'active',
      signup_path: signup.signupPath,
      consent_text: signup.consentText,
      confirm_token_hash: signup.confirmation?.tokenHash ?? null,
      confirm_expires_at: signup.confirmation?.expiresAt ?? null,
      confirm_sent_at: signup.confirmation ? now : null,
      confirmed_at: signup.confirmation ? null : now,
      left_at: null,
      left_via: null,
    })
    .where('id', '=', id)
    .where('status', '!=', 'active')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscriber a confirmation link names, if that link is still valid at `now`. */
export function findSubscriberToConfirm(db: Db, tokenHash: string, now: number): Promise<NewsletterSubscriberRow | undefined> {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>=', now)
    .executeTakeFirst();
}

/** pending → active (an active one stays as it is: a second click is fine). */
export async function confirmSubscriber(db: Db, id: number): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'active', confirmed_at: nowSeconds() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export function findSubscriberByUnsubscribeToken(db: Db, token: string): Promise<NewsletterSubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscribers').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();
}

/** Takes a subscriber off the list, at once; one that had left already keeps its first record of it. */
export async function unsubscribeSubscriber(db: Db, id: number, via: SubscriberLeftVia): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', left_at: nowSeconds(), left_via: via })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'active'])
    .execute();
}

/** Back on the list from the unsubscribe page: the link in the mail proves the address. */
export async function resubscribeSubscriber(db: Db, id: number): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'active', confirmed_at: nowSeconds(), left_at: null, left_via: null })
    .where('id', '=', id)
    .where('status', '=', 'unsubscribed')
    .execute();
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

/** The recipient's server refused the address for good: nothing more is sent to it. */
export async function markSubscriberBounced(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'bounced', left_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .execute();
}
