/**
 * Preview links of posts and resources: created with a token's hash, found
 * by that hash while valid (not expired, not revoked), revoked one by one or
 * all at once, and gone with their item.
 */
import type { ContentType, Db } from '../schema.ts';

export interface PreviewLinkRecord {
  id: number;
  content_type: ContentType;
  content_id: number;
  created_at: number;
  expires_at: number;
}

export async function insertPreviewLink(
  db: Db,
  link: { tokenHash: string; type: ContentType; id: number; createdBy: number | null; now: number; expiresAt: number },
): Promise<PreviewLinkRecord> {
  return db
    .insertInto('preview_links')
    .values({
      token_hash: link.tokenHash,
      content_type: link.type,
      content_id: link.id,
      created_by: link.createdBy,
      created_at: link.now,
      expires_at: link.expiresAt,
      revoked_at: null,
    })
    .returning(['id', 'content_type', 'content_id', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The item a token opens at `now`, if its link is still valid. */
export function findValidPreviewLink(db: Db, tokenHash: string, now: number): Promise<PreviewLinkRecord | undefined> {
  return db
    .selectFrom('preview_links')
    .select(['id', 'content_type', 'content_id', 'created_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** An item's links that still work, newest first. */
export function listValidPreviewLinks(db: Db, type: ContentType, id: number, now: number): Promise<PreviewLinkRecord[]> {
  return db
    .selectFrom('preview_links')
    .select(['id', 'content_type', 'content_id', 'created_at', 'expires_at'])
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one link of an item, or (no `linkId`) all of them; how many were revoked. */
export async function revokePreviewLinks(db: Db, type: ContentType, id: number, now: number, linkId?: number): Promise<number> {
  let query = db
    .updateTable('preview_links')
    .set({ revoked_at: now })
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .where('revoked_at', 'is', null);
  if (linkId !== undefined) query = query.where('id', '=', linkId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An item's links, when the item is deleted. */
export async function deletePreviewLinks(db: Db, type: ContentType, id: number): Promise<void> {
  await db.deleteFrom('preview_links').where('content_type', '=', type).where('content_id', '=', id).execute();
}
