/**
 * Revisions of posts and resources (content_revisions): the state an item
 * had before each save, its revision fields kept as JSON (in the column
 * `snapshot`, named before the word was given to campaign history), with
 * the version it was and who saved over it when. Newest first by id; only
 * the newest few of each item are kept (`pruneRevisions`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ContentRevisionJson, ContentRevisionSummaryJson, RevisionFields, PublicationStatus } from '../../../common/answers.ts';
import type { Engine } from '../database.ts';
import type { ContentType, Db } from '../schema.ts';

export interface NewRevision {
  type: ContentType;
  contentId: number;
  /** The version the item had while it held this state. */
  version: number;
  fields: RevisionFields;
  savedBy: number | null;
  savedAt: number;
}

/** Keeps one earlier state; call inside the transaction of the save that replaces it. */
export async function insertRevision(db: Db, revision: NewRevision): Promise<void> {
  await db
    .insertInto('content_revisions')
    .values({
      content_type: revision.type,
      content_id: revision.contentId,
      version: revision.version,
      snapshot: JSON.stringify(revision.fields),
      saved_by: revision.savedBy,
      saved_at: revision.savedAt,
    })
    .execute();
}

/** Deletes all but the newest `keep` revisions of one item; how many went. */
export async function pruneRevisions(db: Db, type: ContentType, contentId: number, keep: number): Promise<number> {
  // The newest revision past the ones kept: it and every older one go.
  const firstGone = await db
    .selectFrom('content_revisions')
    .select('id')
    .where('content_type', '=', type)
    .where('content_id', '=', contentId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep)
    .executeTakeFirst();
  if (!firstGone) return 0;
  const result = await db
    .deleteFrom('content_revisions')
    .where('content_type', '=', type)
    .where('content_id', '=', contentId)
    .where('id', '<=', firstGone.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every revision of one item (it is being deleted). */
export async function deleteRevisions(db: Db, type: ContentType, contentId: number): Promise<void> {
  await db.deleteFrom('content_revisions').where('content_type', '=', type).where('content_id', '=', contentId).execute();
}

/** One text field of a revision, read by the database (the list never loads whole revisions). */
function revisionField(engine: Engine, field: 'title' | 'status'): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`(content_revisions.snapshot::json ->> ${sql.lit(field)})`
    : sql<string>`json_extract(content_revisions.snapshot, ${sql.lit(`$.${field}`)})`;
}

/** An item's revisions, newest first, with the e-mail of whoever saved over each. */
export async function listRevisions(
  db: Db,
  engine: Engine,
  type: ContentType,
  contentId: number,
): Promise<ContentRevisionSummaryJson[]> {
  const rows = await db
    .selectFrom('content_revisions')
    .leftJoin('users', 'users.id', 'content_revisions.saved_by')
    .select([
      'content_revisions.id',
      'content_revisions.version',
      'content_revisions.saved_at',
      'users.email as saved_by_email',
      revisionField(engine, 'title').as('title'),
      revisionField(engine, 'status').as('status'),
    ])
    .where('content_revisions.content_type', '=', type)
    .where('content_revisions.content_id', '=', contentId)
    .orderBy('content_revisions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    saved_at: row.saved_at,
    saved_by_email: row.saved_by_email ?? null,
    title: row.title,
    status: row.status as PublicationStatus,
  }));
}

/** One revision of one item; undefined when there is none of that id for that item. */
export async function findRevision(
  db: Db,
  type: ContentType,
  contentId: number,
  revisionId: number,
): Promise<ContentRevisionJson | undefined> {
  const row = await db
    .selectFrom('content_revisions')
    .leftJoin('users', 'users.id', 'content_revisions.saved_by')
    .select([
      'content_revisions.id',
      'content_revisions.content_type',
      'content_revisions.content_id',
      'content_revisions.version',
      'content_revisions.snapshot',
      'content_revisions.saved_by',
      'content_revisions.saved_at',
      'users.email as saved_by_email',
    ])
    .where('content_revisions.id', '=', revisionId)
    .where('content_revisions.content_type', '=', type)
    .where('content_revisions.content_id', '=', contentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields = JSON.parse(row.snapshot) as RevisionFields;
  return {
    id: row.id,
    content_type: row.content_type,
    content_id: row.content_id,
    version: row.version,
    saved_at: row.saved_at,
    saved_by: row.saved_by,
    saved_by_email: row.saved_by_email ?? null,
    title: fields.title,
    status: fields.status,
    fields,
  };
}
