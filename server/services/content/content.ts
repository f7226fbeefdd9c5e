/**
 * Posts and resources, as one service over two kinds: the public reads of
 * the pages and the API, and the back office's writes. What differs between
 * the kinds is data (`ContentKindRules`); every rule of a write is here once:
 * validate, check the version first, check references and the shared slug,
 * write in one transaction, tell the caches.
 */
import { z } from 'zod';
import type {
  ContentRevisionJson,
  ContentRevisionListJson,
  RevisionFields,
  PostJson,
  PostPage,
  ResourceJson,
  ResourcePage,
} from '../../../common/answers.ts';
import { DomainError, notFound, slugTaken, versionConflict } from '../../../common/errors.ts';
import { postInputSchema, postUpdateSchema } from '../../../common/schemas/post.ts';
import { resourceInputSchema, resourceUpdateSchema } from '../../../common/schemas/resource.ts';
import { versionField } from '../../../common/schemas/fields.ts';
import { postRevisionFields, resourceRevisionFields } from '../../../common/revision-fields.ts';
import { parseWith, validate } from '../../../common/validate.ts';
import { storedImageAddress } from '../../../common/site-images.ts';
import { pageSource } from '../../../common/page-sources.ts';
import { SPONSORED_REVIEW_REFUSED } from '../../../common/review.ts';
import { siteOrigin } from '../../config.ts';
import { isUniqueViolation, nowSeconds } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import { isStaffMember } from '../../db/queries/authors.ts';
import { unknownCategoryIds } from '../../db/queries/categories.ts';
import {
  bumpContentVersion,
  countContent,
  deleteContent,
  findContentState,
  findStoredRendering,
  listPublishedSlugs,
  storeRendering,
  type ContentListOptions,
  type ContentStage,
  type ContentState,
  type ContentTable,
  type ContentType,
} from '../../db/queries/content.ts';
import { findPost, findReviewRules, insertPost, listPosts, updatePost } from '../../db/queries/posts.ts';
import { findResource, insertResource, listResources, updateResource } from '../../db/queries/resources.ts';
import { findRevision, insertRevision, listRevisions, pruneRevisions } from '../../db/queries/revisions.ts';
import { findRenamedSlug } from '../../db/queries/slug-history.ts';
import { isSlugTaken } from '../../db/queries/slugs.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { ModuleLoadError } from '../../lazy-module.ts';
import type { Actor } from '../../auth/caller.ts';
import { loadMarkdown, markdownKey, renderMarkdownHtml } from '../../markdown/render.ts';
import type { MarkdownService, RenderedMarkdown } from './markdown-renderings.ts';

export type { PageRequest };

/** Everything that differs between posts and resources, as data. */
export interface ContentKindRules<
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
  /** `forStaff`: with what only the back office sees. */
  find(db: Db, by: { id: number; forStaff?: boolean } | { publishedSlug: string }): Promise<Json | undefined>;
  insert(db: Db, input: z.output<InputSchema>): Promise<Json>;
  update(db: Db, current: ContentState, input: z.output<UpdateSchema>): Promise<Json | undefined>;
  /** Rules of a new item beyond its payload, with what no payload sets (throws a DomainError). */
  checkCreate?(input: z.output<InputSchema>, link: ContentCreateLink): void;
  /** Rules of an edit beyond its payload, checked against the stored item (throws a DomainError). */
  checkUpdate?(db: Db, id: number, input: z.output<UpdateSchema>): Promise<void>;
  /** The editable fields of a stored item: what a revision keeps, and a restore saves again. */
  revisionFieldsOf(item: Json): RevisionFields;
}

/**
 * What a new item carries that no payload may set: the paid submission a
 * post is drafted from, its creator, and the author its byline names
 * unless the payload names one.
 */
export interface ContentCreateLink {
  sponsored_submission_id?: number;
  created_by?: number;
  default_author_id?: number;
}

const sponsoredReviewRefused = () =>
  new DomainError('VALIDATION_FAILED', SPONSORED_REVIEW_REFUSED, { fieldErrors: { review: SPONSORED_REVIEW_REFUSED } });

/**
 * How many revisions of each item are kept: every save adds one (the state
 * it replaces) and deletes those past this many, in its transaction
 * (decision 024).
 */
export const REVISIONS_KEPT = 50;

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
  revisionFieldsOf: postRevisionFields,
  // Reviews and payment never mix (decision 093): a post drafted from a paid submission gets no review.
  checkCreate(input, link) {
    if (input.review && link.sponsored_submission_id !== undefined) throw sponsoredReviewRefused();
  },
  // Advertising rules: a post made from a paid submission keeps its label; and no review on a post the save
  // leaves sponsored, given or kept (the payload's own flag is the schema's). One read of the stored post.
  async checkUpdate(db, id, input) {
    const stored = await findReviewRules(db, id);
    if (!stored) return;
    if (input.sponsored === false && stored.fromSubmission) {
      throw new DomainError('VALIDATION_FAILED', 'A post made from a paid sponsored submission is always labelled Sponsored', {
        fieldErrors: { sponsored: 'A post made from a paid sponsored submission is always labelled Sponsored' },
      });
    }
    const sponsoredAfter = stored.fromSubmission || (input.sponsored ?? stored.sponsored);
    const reviewAfter = input.review === undefined ? stored.hasReview : input.review !== null;
    if (sponsoredAfter && reviewAfter) throw sponsoredReviewRefused();
  },
} as const satisfies ContentKindRules<typeof postInputSchema, typeof postUpdateSchema, PostJson, PostPage>;

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
  revisionFieldsOf: resourceRevisionFields,
} as const satisfies ContentKindRules<typeof resourceInputSchema, typeof resourceUpdateSchema, ResourceJson, ResourcePage>;

/**
 * The cover as stored: this site's absolute addresses become paths, and an
 * http address of another site is refused (common/site-images.ts); the
 * schema could not tell, not knowing PUBLIC_URL.
 */
function withStoredCover<T extends { cover_image: string | null }>(input: T, siteOrigin: string): T {
  if (input.cover_image === null) return input;
  const stored = storedImageAddress(input.cover_image, siteOrigin);
  if (stored.ok) return { ...input, cover_image: stored.value };
  const message = `Cover image ${stored.problem}`;
  throw new DomainError('VALIDATION_FAILED', message, { fieldErrors: { cover_image: message } });
}

/** Rolls back an `editBeside` that turned out to change nothing, so no revision is kept for it. */
class NothingChanged extends Error {}

// Only the version, read before anything else of an update's payload.
const versionOnlySchema = z.object({ version: versionField });

/**
 * What another domain does when an item is saved: `afterSave` runs in the
 * save's transaction (enqueue a job there, so it exists if and only if the
 * save does), `afterCommit` once it is stored (wake the jobs).
 */
export interface ContentSaveHooks<Json> {
  afterSave(trx: Db, item: Json): Promise<void>;
  /**
   * Every change of an item, in its transaction: saves, and edits beside
   * (a campaign's facts from its creator or a refresh). `before` is the
   * item as the change found it; undefined for a new one.
   */
  afterChange?(trx: Db, item: Json, before: Json | undefined): Promise<void>;
  /** An item about to be removed, in the removal's transaction. */
  beforeRemove?(trx: Db, item: Json): Promise<void>;
  afterCommit(): void;
}

export function contentService<I extends z.ZodType, U extends z.ZodType, Json extends { id: number; content: string }, Page>(
  deps: AppDeps,
  kind: ContentKindRules<I, U, Json, Page>,
  markdown: MarkdownService,
  hooks?: ContentSaveHooks<Json>,
) {
  const { db, engine, contentChanges } = deps;
  const what = kind.type;
  const missing = () => notFound(`${kind.label} not found`);
  const revisionMissing = () => notFound('Revision not found');

  async function checkReferences(trx: Db, input: z.output<I> & { slug: string }, except?: number) {
    const { field, ids } = kind.categoriesOf(input);
    const unknown = await unknownCategoryIds(trx, ids);
    if (unknown.length > 0) throw new DomainError('VALIDATION_FAILED', `${field}: unknown category "${unknown[0]}"`);
    const self = except === undefined ? undefined : { table: kind.table, id: except };
    if (await isSlugTaken(trx, input.slug, self)) throw slugTaken(input.slug);
    // A post's byline names a member of staff, never another account nor one since removed.
    const author: unknown = 'author_id' in input ? input.author_id : undefined;
    if (typeof author === 'number' && !(await isStaffMember(trx, author))) {
      throw new DomainError('VALIDATION_FAILED', 'author_id: no member of staff has this id', {
        fieldErrors: { author_id: 'No member of staff has this id' },
      });
    }
  }

  /**
   * The sources of public pages an item touches (decisions 070 and 074): its
   * own page, the lists of its kind, and for a post its categories' pages
   * and related-post blocks and those drawn from the newest posts.
   */
  function sourcesOf(item: Json): string[] {
    const id = String(item.id);
    const sources =
      kind.type === 'post' ? [pageSource.post(id), pageSource.postLists] : [pageSource.resource(id), pageSource.resourceLists];
    const categoryIds = 'category_ids' in item && Array.isArray(item.category_ids) ? item.category_ids : [];
    for (const categoryId of categoryIds) sources.push(pageSource.category(String(categoryId)));
    if ('campaign' in item && item.campaign) sources.push(pageSource.campaignLists);
    return sources;
  }

  /** What places a post among the live ones: an edit changing it touches `pageSource.postOrder`. */
  const orderOf = (item: Json): string =>
    JSON.stringify(['status' in item ? item.status : null, 'published_at' in item ? item.published_at : null]);

  /**
   * Runs a write in one transaction, with the caches told before and after
   * what it touches: `touched` names the item's sources as the work learns
   * them (before and after the change); an empty one is what a new item
   * touches (lists only), a null one everything.
   */
  async function write<T>(
    slugOf: () => string | undefined,
    work: (trx: Db, touched: Set<string>) => Promise<T>,
    touched: Set<string> | null = new Set(),
  ): Promise<T> {
    try {
      return await contentChanges.write(db, touched, work);
    } catch (error) {
      // Two saves of one slug at once: the unique index refuses the second.
      const slug = slugOf();
      if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    }
  }

  /** A write that stores a rendering: the first one after a start loads the renderer before its transaction, not in it. */
  async function saveWrite(
    slugOf: () => string | undefined,
    work: (trx: Db, touched: Set<string>) => Promise<Json>,
    touched: Set<string> = new Set(),
    beforeOf: () => Json | undefined = () => undefined,
  ): Promise<Json> {
    await loadMarkdown();
    const saved = await write(slugOf, async (trx) => {
      const item = await work(trx, touched);
      for (const source of sourcesOf(item)) touched.add(source);
      await hooks?.afterSave(trx, item);
      await hooks?.afterChange?.(trx, item, beforeOf());
      return item;
    }, touched);
    hooks?.afterCommit();
    return saved;
  }

  /**
   * Renders a saved item's body and stores the HTML with it, in the save's
   * transaction, so its pages need not render it (decision 033). A body that
   * cannot be rendered stores nothing: its pages then show the raw text and
   * log why, as before. Libraries that cannot be loaded fail the save
   * (decision 039) rather than leave it without its HTML.
   */
  async function storeRenderingOf(trx: Db, item: Json): Promise<void> {
    let html: string | undefined;
    try {
      html = await renderMarkdownHtml(item.content);
    } catch (error) {
      if (error instanceof ModuleLoadError) throw error;
      html = undefined;
    }
    await storeRendering(trx, kind.table, item.id, html === undefined ? null : { key: markdownKey(item.content), html });
  }

  /** Keeps the state an edit replaces, and lets the oldest kept ones go; call in the edit's transaction. */
  async function keepRevision(trx: Db, current: ContentState, actor: Actor | undefined): Promise<Json> {
    const before = await kind.find(trx, { id: current.id });
    if (!before) throw missing();
    await insertRevision(trx, {
      type: kind.type,
      contentId: current.id,
      version: current.version,
      fields: kind.revisionFieldsOf(before),
      savedBy: actor?.userId ?? null,
      savedAt: nowSeconds(),
    });
    await pruneRevisions(trx, kind.type, current.id, REVISIONS_KEPT);
    return before;
  }

  /**
   * The one path of an edit: `values` is the payload, or (restoring
   * `fromRevision`) only the version, the payload being that revision's
   * fields.
   */
  async function saveEdit(id: number, values: unknown, actor: Actor | undefined, fromRevision?: number): Promise<Json> {
    const { version } = parseWith(versionOnlySchema, values);
    let slug: string | undefined;
    let replaced: Json | undefined;
    return saveWrite(() => slug, async (trx, touched) => {
      const current = await findContentState(trx, kind.table, id);
      if (!current) throw missing();
      let payload = values;
      if (fromRevision !== undefined) {
        const revision = await findRevision(trx, kind.type, id, fromRevision);
        if (!revision) throw revisionMissing();
        payload = { ...revision.fields, version };
      }
      if (current.version !== version) throw versionConflict(what);
      const input = withStoredCover(
        validate(kind.updateSchema, payload) as z.output<U> & z.output<I> & { slug: string; cover_image: string | null },
        siteOrigin(deps.config),
      );
      slug = input.slug;
      await kind.checkUpdate?.(trx, id, input);
      await checkReferences(trx, input, id);
      // The lists and blocks it leaves (its old categories) are touched too.
      const before = await keepRevision(trx, current, actor);
      replaced = before;
      for (const source of sourcesOf(before)) touched.add(source);
      const updated = await kind.update(trx, current, input);
      if (!updated) throw versionConflict(what);
      if (kind.type === 'post' && orderOf(before) !== orderOf(updated)) touched.add(pageSource.postOrder);
      await storeRenderingOf(trx, updated);
      return updated;
    }, new Set([pageSource[kind.type](id)]), () => replaced);
  }

  return {
    kind,

    /**
     * Published items, newest first; optionally of one category (by id).
     * Posts also by campaign (`campaign`, or all but those matching `notCampaign`),
     * the pinned ones only (`pinned`), and in an order by campaign (`sort`: common/campaign.ts).
     */
    listPublished: (
      options: Pick<ContentListOptions, 'categoryId' | 'campaign' | 'notCampaign' | 'pinned' | 'sort' | 'authorId'> & PageRequest,
    ): Promise<Page> => kind.list(db, options),

    /** Every item, drafts and scheduled included, or those of one stage or matching `q`; newest first (the back office). */
    listAll: (options: PageRequest & { state?: ContentStage | undefined; q?: string | undefined }): Promise<Page> =>
      kind.list(db, { ...options, everything: true }),

    findPublished: (slug: string): Promise<Json | undefined> => kind.find(db, { publishedSlug: slug }),

    async findById(id: number): Promise<Json> {
      const item = await kind.find(db, { id });
      if (!item) throw missing();
      return item;
    },

    /** An item for the back office's editor: with what only staff see (a campaign's last refresh error). */
    async findForStaff(id: number): Promise<Json> {
      const item = await kind.find(db, { id, forStaff: true });
      if (!item) throw missing();
      return item;
    },

    /**
     * An item's body as sanitised HTML: the rendering stored when it was
     * saved, when that was of this very body and renderer; else rendered now
     * (and kept a while by the markdown service). `onError` logs a body that
     * cannot be rendered; its source then comes back as text.
     */
    async renderedContent(item: { id: number; content: string }, onError: (error: unknown) => void): Promise<RenderedMarkdown> {
      const key = markdownKey(item.content);
      const stored = await findStoredRendering(db, kind.table, item.id);
      if (stored?.key === key) return { html: stored.html };
      return markdown.render(item.content, onError, key);
    },

    /** The current slug of the published item that used to live at `oldSlug`, if any. */
    findRenamed: (oldSlug: string): Promise<string | undefined> => findRenamedSlug(db, kind.type, oldSlug),

    /** Every published item's address and last change (the sitemap). */
    listPublishedSlugs: () => listPublishedSlugs(db, kind.table),

    count: () => countContent(db, kind.table),

    /**
     * Stores a new item. `link` carries what no payload may set: the
     * sponsored submission a post is drafted from, the member of staff
     * who creates it, and the author its byline names unless the payload
     * names one (else its creator; resources keep none).
     */
    async create(values: unknown, link: ContentCreateLink = {}): Promise<Json> {
      const input = withStoredCover(
        validate(kind.inputSchema, values) as z.output<I> & { slug: string; cover_image: string | null },
        siteOrigin(deps.config),
      );
      kind.checkCreate?.(input, link);
      return saveWrite(
        () => input.slug,
        async (trx) => {
          await checkReferences(trx, input);
          const created = await kind.insert(trx, { ...input, ...link });
          await storeRenderingOf(trx, created);
          return created;
        },
        new Set(kind.type === 'post' ? [pageSource.postOrder] : []),
      );
    },

    /**
     * Saves an edit. The version is checked first, on one read of the row:
     * a stale edit is a VERSION_CONFLICT whatever else is wrong with it.
     * The state it replaces is kept as a revision, saved by `actor`.
     */
    update: (id: number, values: unknown, actor?: Actor): Promise<Json> => saveEdit(id, values, actor),

    /**
     * An edit that is not the editor's form (a campaign's facts from its
     * creator or a refresh): on the same path as any edit, the state it
     * replaces is kept as a revision, the item moves to its next version and
     * the caches are told. `change` writes the edit in the transaction and
     * answers whether there was one; nothing is kept when there was not.
     */
    async editBeside(id: number, actor: Actor | undefined, change: (trx: Db, current: ContentState) => Promise<boolean>): Promise<Json> {
      return write(() => undefined, async (trx, touched) => {
        const current = await findContentState(trx, kind.table, id);
        if (!current) throw missing();
        const before = await keepRevision(trx, current, actor);
        for (const source of sourcesOf(before)) touched.add(source);
        if (!(await change(trx, current))) throw new NothingChanged();
        if (!(await bumpContentVersion(trx, kind.table, id, current.version, nowSeconds()))) throw versionConflict(what);
        const saved = await kind.find(trx, { id });
        if (!saved) throw missing();
        for (const source of sourcesOf(saved)) touched.add(source);
        await hooks?.afterChange?.(trx, saved, before);
        return saved;
      }, new Set([pageSource[kind.type](id)])).then(
        (saved) => {
          hooks?.afterCommit();
          return saved;
        },
        async (error: unknown) => {
          if (!(error instanceof NothingChanged)) throw error;
          const item = await kind.find(db, { id });
          if (!item) throw missing();
          return item;
        },
      );
    },

    /**
     * A change beside an item that its pages show but that is no edit of it
     * (a campaign's numbers confirmed as they were, a failed refresh noted):
     * no revision and no new version, but told like every write, so every
     * server and the rendered-page store let go of the pages showing it.
     */
    async touchBeside(id: number, change: (trx: Db) => Promise<void>): Promise<void> {
      await write(() => undefined, async (trx, touched) => {
        const item = await kind.find(trx, { id });
        if (!item) throw missing();
        await change(trx);
        for (const source of sourcesOf(item)) touched.add(source);
      }, new Set([pageSource[kind.type](id)]));
    },

    /** The kept earlier states of an item, newest first. */
    async listRevisions(id: number): Promise<ContentRevisionListJson> {
      if (!(await findContentState(db, kind.table, id))) throw missing();
      return { revisions: await listRevisions(db, engine, kind.type, id) };
    },

    /** One kept earlier state of an item, whole. */
    async findRevision(id: number, revisionId: number): Promise<ContentRevisionJson> {
      if (!(await findContentState(db, kind.table, id))) throw missing();
      const revision = await findRevision(db, kind.type, id, revisionId);
      if (!revision) throw revisionMissing();
      return revision;
    },

    /**
     * Saves a revision's fields as a new edit of the item, on the same
     * path as any edit (`values` carries the current version): the state it
     * replaces becomes a revision in turn.
     */
    restoreRevision: (id: number, revisionId: number, values: unknown, actor?: Actor): Promise<Json> =>
      saveEdit(id, values, actor, revisionId),

    async remove(id: number): Promise<void> {
      // Where it was listed is not read first: a removal touches every page.
      const removed = await write(() => undefined, async (trx) => {
        const item = hooks?.beforeRemove ? await kind.find(trx, { id }) : undefined;
        if (item) await hooks?.beforeRemove?.(trx, item);
        return deleteContent(trx, kind.table, id);
      }, null);
      if (!removed) throw missing();
      hooks?.afterCommit();
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;

