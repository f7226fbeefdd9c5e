import type { SubscriberCounts, SubscriberJson, SubscriberLeftVia, SubscriberStatus } from '../../../common/answers.ts';
import { nowSeconds } from '../database.ts';
import { containsText } from '../contains-text.ts';
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
  signup_path: row.signup_path,
  consent_text: row.consent_text,
  consent_source: row.consent_source,
  left_at: isoOrNull(row.left_at),
  left_via: row.left_via,
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

/**
 * A new confirmation link for a pending subscriber whose last one was mailed
 * before `sentBefore`: the check and the change in one statement, so two
 * requests at once send one mail. Undefined when it is not pending or too soon.
 */
export function renewConfirmation(
  db: Db,
  id: number,
  confirmation: { tokenHash: string; expiresAt: number },
  now: number,
  sentBefore: number,
): Promise<NewsletterSubscriberRow | undefined> {
  return db
    .updateTable('newsletter_subscribers')
    .set({ confirm_token_hash: confirmation.tokenHash, confirm_expires_at: confirmation.expiresAt, confirm_sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', sentBefore)]))
    .returningAll()
    .executeTakeFirst();
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
/** Whether this call confirmed it (false: it was confirmed already). */
export async function confirmSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'active', confirmed_at: nowSeconds() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The subscriber of a link mailed before links were sealed, by its token's hash. */
export function findSubscriberByUnsubscribeTokenHash(db: Db, tokenHash: string): Promise<NewsletterSubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscribers').selectAll().where('unsubscribe_token_hash', '=', tokenHash).executeTakeFirst();
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
  options: PageRequest & { status?: SubscriberStatus | undefined; q?: string | undefined },
): Promise<{ subscribers: SubscriberJson[]; next_token: string | null }> {
  let query = db.selectFrom('newsletter_subscribers').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  if (options.q) query = query.where(containsText(['email'], options.q));
  const page = await fetchNewestFirst(
    query,
    { sort: 'subscribed_at', id: 'id', sortKeyOf: (row) => row.subscribed_at },
    options,
  );
  return { subscribers: page.rows.map(toSubscriberJson), next_token: page.next_token };
}

/** The latest signups, newest first: the dashboard's recent activity. */
export function listRecentSubscribers(db: Db, limit: number): Promise<{ id: number; email: string; subscribed_at: number }[]> {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'subscribed_at'])
    .orderBy('subscribed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countSubscribersByStatus(db: Db): Promise<SubscriberCounts> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts: SubscriberCounts = { pending: 0, active: 0, unsubscribed: 0, bounced: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export function findSubscriberById(db: Db, id: number): Promise<NewsletterSubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Erases a subscriber: its row goes (and with it the record of which issues
 * it was sent), and a one-way hash of its address stays, so an import cannot
 * add it back. Call inside a transaction.
 */
export async function eraseSubscriber(db: Db, id: number, emailHash: string, now: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db
    .insertInto('newsletter_erasures')
    .values({ email_hash: emailHash, erased_at: now })
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
  return true;
}

/** Which of these address hashes belong to erased subscribers. */
export async function findErasedHashes(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices: engines cap the parameters of one statement.
  for (let start = 0; start < hashes.length; start += 500) {
    const rows = await db
      .selectFrom('newsletter_erasures')
      .select('email_hash')
      .where('email_hash', 'in', hashes.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.email_hash);
  }
  return found;
}

/** An address from an import: active at once, with the consent note it came with. */
export interface ImportedSubscriber {
  email: string;
}

/** Adds imported addresses; those on the list already (any case) are left as they are. The number added. */
export async function insertImportedSubscribers(
  db: Db,
  rows: readonly ImportedSubscriber[],
  consentNote: string,
  now: number,
): Promise<number> {
  let added = 0;
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await db
      .insertInto('newsletter_subscribers')
      .values(
        rows.slice(start, start + 200).map((row) => ({
          email: row.email,
          email_normalized: row.email.toLowerCase(),
          subscribed_at: now,
          status: 'active' as const,
          signup_path: null,
          consent_text: null,
          consent_source: `import: ${consentNote}`,
          confirmed_at: now,
        })),
      )
      .onConflict((oc) => oc.column('email_normalized').doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  return added;
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
