/**
 * Posts and resources, as one service over two kinds: the public reads of
 * the pages and the API, and the back office's writes. What differs between
 * the kinds is data (`ContentKind`); every rule of a write is here once:
 * validate, check the version first, check references and the shared slug,
 * write in one transaction, tell the caches.
 */
import { z } from 'zod';
import type { PostJson, PostPage, ResourceJson, ResourcePage } from '../../common/answers.ts';
import { DomainError, notFound, slugTaken, versionConflict } from '../../common/errors.ts';
import { postInputSchema, postUpdateSchema } from '../../common/schemas/post.ts';
import { resourceInputSchema, resourceUpdateSchema } from '../../common/schemas/resource.ts';
import { versionField } from '../../common/schemas/fields.ts';
import { parseWith, validate } from '../../common/validate.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import { unknownCategoryIds } from '../db/queries/categories.ts';
import {
  countContent,
  deleteContent,
  findContentState,
  listPublishedSlugs,
  type ContentListOptions,
  type ContentStage,
  type ContentState,
  type ContentTable,
  type ContentType,
} from '../db/queries/content.ts';
import { findPost, insertPost, isPostFromSubmission, listPosts, updatePost } from '../db/queries/posts.ts';
import { findResource, insertResource, listResources, updateResource } from '../db/queries/resources.ts';
import { findRenamedSlug } from '../db/queries/slug-history.ts';
import { isSlugTaken } from '../db/queries/slugs.ts';
import type { Db } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

export type { PageRequest };

/** Everything that differs between posts and resources, as data. */
export interface ContentKind<
  InputSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  Json,
  Page,
> {
  type: ContentType;
  table: ContentTable;
  /** 'Post', 'Resource': the start of messages. */
  label: string;
  inputSchema: InputSchema;
  updateSchema: UpdateSchema;
  // Methods rather than function properties: a kind of any payload type
  // then also serves where the payload is only known as unknown (the HTTP layer).
  /** The category ids a payload names, and the field they came in. */
  categoriesOf(input: z.output<InputSchema>): { field: string; ids: string[] };
  list(db: Db, options: ContentListOptions): Promise<Page>;
  find(db: Db, by: { id: number } | { publishedSlug: string }): Promise<Json | undefined>;
  insert(db: Db, input: z.output<InputSchema>): Promise<Json>;
  update(db: Db, current: ContentState, input: z.output<UpdateSchema>): Promise<Json | undefined>;
  /** Rules of an edit beyond its payload, checked against the stored item (throws a DomainError). */
  checkUpdate?(db: Db, id: number, input: z.output<UpdateSchema>): Promise<void>;
}

export const POST_KIND = {
  type: 'post',
  table: 'posts',
  label: 'Post',
  inputSchema: postInputSchema,
  updateSchema: postUpdateSchema,
  categoriesOf: (input) => ({ field: 'category_ids', ids: input.category_ids }),
  list: listPosts,
  find: findPost,
  insert: insertPost,
  update: updatePost,
  // Advertising rules: a post made from a paid submission keeps its label.
  async checkUpdate(db, id, input) {
    if (input.sponsored === false && (await isPostFromSubmission(db, id))) {
      throw new DomainError('VALIDATION_FAILED', 'A post made from a paid sponsored submission is always labelled Sponsored', {
        fieldErrors: { sponsored: 'A post made from a paid sponsored submission is always labelled Sponsored' },
      });
    }
  },
} as const satisfies ContentKind<typeof postInputSchema, typeof postUpdateSchema, PostJson, PostPage>;

export const RESOURCE_KIND = {
  type: 'resource',
  table: 'resources',
  label: 'Resource',
  inputSchema: resourceInputSchema,
  updateSchema: resourceUpdateSchema,
  categoriesOf: (input) => ({ field: 'category_id', ids: input.category_id ? [input.category_id] : [] }),
  list: listResources,
  find: findResource,
  insert: insertResource,
  update: updateResource,
} as const satisfies ContentKind<typeof resourceInputSchema, typeof resourceUpdateSchema, ResourceJson, ResourcePage>;

// Only the version, read before anything else of an update's payload.
const versionOnlySchema = z.object({ version: versionField });

export function contentService<I extends z.ZodType, U extends z.ZodType, Json, Page>(
  deps: AppDeps,
  kind: ContentKind<I, U, Json, Page>,
) {
  const { db, contentChanges } = deps;
  const what = kind.type;
  const missing = () => notFound(`${kind.label} not found`);

  async function checkReferences(trx: Db, input: z.output<I> & { slug: string }, except?: number) {
    const { field, ids } = kind.categoriesOf(input);
    const unknown = await unknownCategoryIds(trx, ids);
    if (unknown.length > 0) throw new DomainError('VALIDATION_FAILED', `${field}: unknown category "${unknown[0]}"`);
    const self = except === undefined ? undefined : { table: kind.table, id: except };
    if (await isSlugTaken(trx, input.slug, self)) throw slugTaken(input.slug);
  }

  /**
   * Runs a write in one transaction, with the caches told before and after.
   * `slugOf` names the slug being saved, once the payload is read.
   */
  async function write<T>(slugOf: () => string | undefined, work: (trx: Db) => Promise<T>): Promise<T> {
    contentChanges.notify();
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      // Two saves of one slug at once: the unique index refuses the second.
      const slug = slugOf();
      if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    } finally {
      contentChanges.notify();
    }
  }

  return {
    kind,

    /** Published items, newest first; optionally of one category (by id). */
    listPublished: (options: { categoryId?: string | undefined } & PageRequest): Promise<Page> =>
      kind.list(db, options),

    /** Every item, drafts and scheduled included, or those of one stage; newest first (the back office). */
    listAll: (options: PageRequest & { state?: ContentStage | undefined }): Promise<Page> =>
      kind.list(db, { ...options, everything: true }),

    findPublished: (slug: string): Promise<Json | undefined> => kind.find(db, { publishedSlug: slug }),

    async findById(id: number): Promise<Json> {
      const item = await kind.find(db, { id });
      if (!item) throw missing();
      return item;
    },

    /** The current slug of the published item that used to live at `oldSlug`, if any. */
    findRenamed: (oldSlug: string): Promise<string | undefined> => findRenamedSlug(db, kind.type, oldSlug),

    /** Every published item's address and last change (the sitemap). */
    listPublishedSlugs: () => listPublishedSlugs(db, kind.table),

    count: () => countContent(db, kind.table),

    async create(values: unknown): Promise<Json> {
      const input = validate(kind.inputSchema, values) as z.output<I> & { slug: string };
      return write(() => input.slug, async (trx) => {
        await checkReferences(trx, input);
        return kind.insert(trx, input);
      });
    },

    /**
     * Saves an edit. The version is checked first, on one read of the row:
     * a stale edit is a VERSION_CONFLICT whatever else is wrong with it.
     */
    async update(id: number, values: unknown): Promise<Json> {
      const { version } = parseWith(versionOnlySchema, values);
      let slug: string | undefined;
      return write(() => slug, async (trx) => {
        const current = await findContentState(trx, kind.table, id);
        if (!current) throw missing();
        if (current.version !== version) throw versionConflict(what);
        const input = validate(kind.updateSchema, values) as z.output<U> & z.output<I> & { slug: string };
        slug = input.slug;
        await kind.checkUpdate?.(trx, id, input);
        await checkReferences(trx, input, id);
        const updated = await kind.update(trx, current, input);
        if (!updated) throw versionConflict(what);
        return updated;
      });
    },

    async remove(id: number): Promise<void> {
      if (!(await write(() => undefined, (trx) => deleteContent(trx, kind.table, id)))) throw missing();
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;

