/**
 * The creator's update link of a post's campaign, kept on its
 * `post_campaigns` row: the token's SHA-256 (how a link is found), the token
 * sealed for staff to read the link again, and when it stops working. One
 * link per campaign: issuing replaces it, revoking clears it.
 */
import type { Db } from '../schema.ts';

export interface CreatorLinkRecord {
  post_id: number;
  sealed: string;
  expires_at: number;
}

/** Sets the campaign's creator link, replacing any before it; false when the post has no campaign. */
export async function setCreatorLink(db: Db, postId: number, link: { tokenHash: string; sealed: string; expiresAt: number }): Promise<boolean> {
  const result = await db
    .updateTable('post_campaigns')
    .set({ update_token_hash: link.tokenHash, update_token_sealed: link.sealed, update_token_expires_at: link.expiresAt })
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Clears the campaign's creator link; false when the post has no campaign. */
export async function clearCreatorLink(db: Db, postId: number): Promise<boolean> {
  const result = await db
    .updateTable('post_campaigns')
    .set({ update_token_hash: null, update_token_sealed: null, update_token_expires_at: null })
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The campaign a token opens at `now`, if its link is still valid. */
export async function findCreatorLinkByHash(db: Db, tokenHash: string, now: number): Promise<CreatorLinkRecord | undefined> {
  const row = await db
    .selectFrom('post_campaigns')
    .select(['post_id', 'update_token_sealed', 'update_token_expires_at'])
    .where('update_token_hash', '=', tokenHash)
    .where('update_token_expires_at', '>', now)
    .executeTakeFirst();
  return row && row.update_token_sealed !== null && row.update_token_expires_at !== null
    ? { post_id: row.post_id, sealed: row.update_token_sealed, expires_at: Number(row.update_token_expires_at) }
    : undefined;
}

/** The valid links of these posts' campaigns (for the back office's post answers), one query. */
export async function findCreatorLinks(db: Db, postIds: readonly number[], now: number): Promise<Map<number, CreatorLinkRecord>> {
  const links = new Map<number, CreatorLinkRecord>();
  if (postIds.length === 0) return links;
  const rows = await db
    .selectFrom('post_campaigns')
    .select(['post_id', 'update_token_sealed', 'update_token_expires_at'])
    .where('post_id', 'in', [...postIds])
    .where('update_token_expires_at', '>', now)
    .execute();
  for (const row of rows) {
    if (row.update_token_sealed !== null && row.update_token_expires_at !== null) {
      links.set(row.post_id, { post_id: row.post_id, sealed: row.update_token_sealed, expires_at: Number(row.update_token_expires_at) });
    }
  }
  return links;
}
