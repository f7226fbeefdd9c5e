/**
 * The ledger of rendered social cards kept in storage: which version was
 * drawn for which subject, and when it was last stored.
 */
import type { Db } from '../schema.ts';

/** Records that `version` of `subject`'s card is in storage now; a version stored again is dated again. */
export async function recordStoredCard(db: Db, card: { version: string; subject: string; storedAt: number }): Promise<void> {
  await db
    .insertInto('social_cards')
    .values({ version: card.version, subject: card.subject, stored_at: card.storedAt })
    .onConflict((oc) => oc.column('version').doUpdateSet({ subject: card.subject, stored_at: card.storedAt }))
    .execute();
}

export interface SupersededCard {
  version: string;
  storedAt: number;
}

/**
 * Cards replaced by a newer version of the same subject, that newer version
 * stored at `replacedBefore` or earlier: older than that, no request still
 * being drawn from the earlier data can need them.
 */
export async function listSupersededCards(db: Db, replacedBefore: number, limit: number): Promise<SupersededCard[]> {
  const rows = await db
    .selectFrom('social_cards as old')
    .select(['old.version', 'old.stored_at'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('social_cards as newer')
          .select('newer.version')
          .whereRef('newer.subject', '=', 'old.subject')
          .whereRef('newer.stored_at', '>', 'old.stored_at')
          .where('newer.stored_at', '<=', replacedBefore),
      ),
    )
    .orderBy('old.stored_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ version: row.version, storedAt: Number(row.stored_at) }));
}

/** Forgets a card, unless a server stored it again since it was listed; true when the row went. */
export async function forgetStoredCard(db: Db, card: SupersededCard): Promise<boolean> {
  const result = await db
    .deleteFrom('social_cards')
    .where('version', '=', card.version)
    .where('stored_at', '=', card.storedAt)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
