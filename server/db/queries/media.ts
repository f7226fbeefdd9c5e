import { nowSeconds } from '../database.ts';
import type { Db, MediaRow } from '../schema.ts';

export interface NewMedia {
  s3_key: string;
  content_type: string;
  file_size: number | null;
  original_name: string;
  /** Null for an image the site itself ships (a demo cover). */
  uploaded_by: number | null;
}

/** Records an upload when its address is handed out (state `pending`). */
export function insertMedia(db: Db, media: NewMedia): Promise<MediaRow> {
  const now = nowSeconds();
  return db
    .insertInto('media')
    .values({ ...media, state: 'pending', variant_widths: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findMediaByKey(db: Db, key: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('s3_key', '=', key).executeTakeFirst();
}

/** pending → ready with the stored size; false when it was not pending. */
export async function markMediaReady(db: Db, key: string, fileSize: number): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ state: 'ready', file_size: fileSize, updated_at: nowSeconds() })
    .where('s3_key', '=', key)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending → rejected: the stored bytes failed the checks and were deleted. */
export async function markMediaRejected(db: Db, key: string): Promise<void> {
  await db
    .updateTable('media')
    .set({ state: 'rejected', updated_at: nowSeconds() })
    .where('s3_key', '=', key)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Uploads still pending that were started before `createdBefore` (Unix
 * seconds), in id order from after `afterId`, at most `limit`.
 */
export function listPendingMedia(
  db: Db,
  { createdBefore, afterId, limit }: { createdBefore: number; afterId: number; limit: number },
): Promise<{ id: number; s3_key: string }[]> {
  return db
    .selectFrom('media')
    .select(['id', 's3_key'])
    .where('state', '=', 'pending')
    .where('created_at', '<', createdBefore)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Deletes the row of an upload that never arrived; false when it is no longer pending. */
export async function deletePendingMedia(db: Db, key: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where('s3_key', '=', key).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Records which resized copies of an upload exist. */
export async function setMediaVariantWidths(db: Db, key: string, widths: readonly number[]): Promise<void> {
  await db
    .updateTable('media')
    .set({ variant_widths: widths.length > 0 ? widths.join(',') : null, updated_at: nowSeconds() })
    .where('s3_key', '=', key)
    .execute();
}

/** The widths recorded by `setMediaVariantWidths`. */
export function variantWidthsOf(media: Pick<MediaRow, 'variant_widths'>): number[] {
  return media.variant_widths ? media.variant_widths.split(',').map(Number) : [];
}
