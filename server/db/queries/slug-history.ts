import { nowSeconds } from '../database.ts';
import { CONTENT_TABLES, type ContentType, type Db } from '../schema.ts';

/**
 * Keeps slug history in step with a saved post or resource. A published
 * one's old address keeps working (it answers 301 to the new one), and the
 * slug it now holds stops redirecting anywhere else.
 */
export async function recordSlugChange(
  db: Db,
  contentType: ContentType,
  contentId: number,
  before: { slug: string; status: string },
  newSlug: string,
  now: number,
): Promise<void> {
  if (before.slug !== newSlug && before.status === 'published') {
    await db
      .insertInto('slug_history')
      .values({ old_slug: before.slug, content_type: contentType, content_id: contentId, created_at: now })
      .onConflict((oc) =>
        oc.column('old_slug').doUpdateSet({ content_type: contentType, content_id: contentId, created_at: now }),
      )
      .execute();
  }
  await db.deleteFrom('slug_history').where('old_slug', '=', newSlug).execute();
}

/** The current slug of the published post or resource that used to live at `oldSlug`, if any. */
export async function findRenamedSlug(db: Db, contentType: ContentType, oldSlug: string): Promise<string | undefined> {
  // Kysely cannot type a join over a union of tables; the columns read here
  // (id, slug, status) mean the same in both.
  const table = CONTENT_TABLES[contentType] as 'posts';
  const row = await db
    .selectFrom('slug_history')
    .innerJoin(`${table} as content`, 'content.id', 'slug_history.content_id')
    .select('content.slug')
    .where('slug_history.old_slug', '=', oldSlug)
    .where('slug_history.content_type', '=', contentType)
    .where('content.status', '=', 'published')
    .where('content.published_at', '<=', nowSeconds())
    .executeTakeFirst();
  return row?.slug;
}
