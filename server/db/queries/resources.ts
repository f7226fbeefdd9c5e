/**
 * Resources: the columns and rules of their own (one category column, a
 * publication date the server sets); everything they share with posts is in
 * content.ts.
 */
import { sql } from 'kysely';
import type { ResourceJson, ResourcePage, ResourceSummaryJson } from '../../../common/answers.ts';
import type { ResourceInput, ResourceUpdate } from '../../../common/schemas/resource.ts';
import { nowSeconds } from '../database.ts';
import type { Db } from '../schema.ts';
import {
  CONTENT_SUMMARY_COLUMNS,
  findContentRow,
  holdSlug,
  listContentPage,
  sharedValues,
  updateContentRow,
  withoutRendering,
} from './content.ts';
import type { ContentListOptions, ContentState } from './content.ts';

export type { ResourceJson, ResourcePage, ResourceSummaryJson };

const SUMMARY_COLUMNS = [...CONTENT_SUMMARY_COLUMNS, 'category_id'] as const;

/** One page of resources. */
export async function listResources(db: Db, options: ContentListOptions): Promise<ResourcePage> {
  const page = await listContentPage<ResourceSummaryJson>(db, 'resources', SUMMARY_COLUMNS, options, (categoryId) =>
    sql<boolean>`resources.category_id = ${categoryId}`,
  );
  return { resources: page.rows, next_token: page.next_token };
}

/** A resource by id, or a published one by slug. */
export function findResource(db: Db, by: { id: number } | { publishedSlug: string }): Promise<ResourceJson | undefined> {
  return findContentRow<ResourceJson>(db, 'resources', by);
}

export async function insertResource(db: Db, input: ResourceInput): Promise<ResourceJson> {
  const now = nowSeconds();
  const row = await db
    .insertInto('resources')
    .values({
      ...sharedValues(input),
      category_id: input.category_id ?? null,
      // SPEC.md section 4: now when published, otherwise null; a time
      // still ahead schedules it.
      published_at: input.status === 'published' ? (input.published_at && input.published_at > now ? input.published_at : now) : null,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await holdSlug(db, 'resource', row.id, row.slug);
  return withoutRendering(row);
}

/**
 * When an edited resource is (to be) public: a time still ahead schedules
 * it; none given keeps what it had (a scheduled one stays scheduled);
 * otherwise it keeps its first publication date, or is published now.
 */
function resourcePublicationTime(
  status: ResourceUpdate['status'],
  given: number | null | undefined,
  current: number | null,
  now: number,
): number | null {
  if (status !== 'published') return null;
  if (given && given > now) return given;
  if (given === undefined && current !== null) return current;
  return current !== null && current <= now ? current : now;
}

/**
 * Updates the resource whose state was read as `current`, if its version is
 * still `input.version`; undefined when it changed meanwhile. A resource
 * that stays published keeps its first publication date; unpublishing
 * clears it. Call inside the transaction that read `current`.
 */
export async function updateResource(
  db: Db,
  current: ContentState,
  input: ResourceUpdate,
): Promise<ResourceJson | undefined> {
  const now = nowSeconds();
  const values = {
    ...sharedValues(input),
    ...(input.category_id === undefined ? {} : { category_id: input.category_id }),
    // `current` was read in this transaction, and the version guards it.
    published_at: resourcePublicationTime(input.status, input.published_at, current.published_at, now),
  };
  return updateContentRow<ResourceJson>(db, 'resource', current, input.version, values, now);
}
