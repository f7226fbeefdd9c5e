/**
 * Posts and resources over HTTP, one handler set for both kinds:
 * GET /posts, /posts/{slug} (published only), /posts/{slug}/campaign/history and /admin/posts (full CRUD,
 * drafts included, and the revisions of each item: list, read one,
 * restore one); the same under /resources.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { notFound } from '../../common/errors.ts';
import type { PostSummaryJson } from '../../common/answers.ts';
import { POST_LIST_SORTS, nextChangeOfAll, type CampaignFilter, type CampaignJson } from '../../common/campaign.ts';
import { campaignFilterField } from '../../common/schemas/campaign.ts';
import { listSearchSchema } from '../../common/schemas/search.ts';
import type { AppEnv } from '../deps.ts';
import { PUBLIC_READ_CACHE_CONTROL } from '../http/public-reads.ts';
import { expireAnswerAt } from '../freshness/answer-marks.ts';
import { pagingQuerySchema, readIdParam, readJsonObject, readQuery, readTextParam } from '../http/input.ts';
import type { ContentService, PageRequest } from '../services/content/content.ts';
import type { AppServices } from '../services/index.ts';

/** `sort=` of the public list of posts: newest first (`published_at`, the default) or an order by campaign. */
const POST_SORTS = ['published_at', ...POST_LIST_SORTS] as const;

/**
 * How each kind's public list names its category filter: posts take the
 * category's id as `categoryId`, resources its id or slug as `category`
 * (SPEC.md section 7).
 */
const PUBLIC_LIST_QUERIES = {
  post: z
    .object({
      categoryId: z.string().trim().max(100).optional(),
      // Posts whose campaign is live, ending soon, just launched, funded or over; in an order by campaign.
      campaign: campaignFilterField.optional(),
      sort: z.enum(POST_SORTS, { error: `sort must be one of ${POST_SORTS.join(', ')}` }).optional(),
    })
    .and(pagingQuerySchema),
  resource: z.object({ category: z.string().trim().max(100).optional() }).and(pagingQuerySchema),
};

/**
 * The back office's lists: every item, or those of one `state` (scheduled:
 * published, its time still ahead); with `q`, those whose title or slug contains it.
 */
const ADMIN_LIST_QUERY = z
  .object({
    state: z
      .enum(['draft', 'published', 'scheduled'], { error: 'state must be draft, published or scheduled' })
      .optional(),
    ...listSearchSchema.shape,
  })
  .and(pagingQuerySchema);

/**
 * A public answer that carries campaigns: their badges and time left are
 * the clock's, so no cached copy outlives the second they next read
 * differently (decision 062, as for pages), nor `listChange`, when the
 * clock next moves a campaign into or out of the list (decision 095).
 */
function answerWithCampaigns(
  c: Context<AppEnv>,
  body: object,
  campaigns: readonly (CampaignJson | null)[],
  listChange: number | null = null,
): Response {
  const response = c.json(body);
  const shown = nextChangeOfAll(campaigns, Math.floor(Date.now() / 1000));
  const at = shown === null ? listChange : listChange === null ? shown : Math.min(shown, listChange);
  if (at !== null) {
    response.headers.set('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
    expireAnswerAt(response.headers, at);
  }
  return response;
}

const campaignsOf = (answer: object): (CampaignJson | null)[] => {
  if ('posts' in answer && Array.isArray(answer.posts)) return (answer.posts as PostSummaryJson[]).map((post) => post.campaign);
  return 'campaign' in answer ? [(answer as PostSummaryJson).campaign] : [];
};

/** GET / and GET /{slug}: published items only, whatever the query says. */
export function publicContentApi(service: ContentService, services: AppServices) {
  const app = new Hono<AppEnv>();
  const { type, label } = service.kind;

  app.get('/', async (c) => {
    const query: PageRequest & { categoryId?: string; category?: string; campaign?: CampaignFilter; sort?: (typeof POST_SORTS)[number] } =
      readQuery(c, PUBLIC_LIST_QUERIES[type]);
    const { categoryId, category, sort, ...paging } = query;
    let filter = categoryId;
    if (category) {
      // Either the category's id or its slug; an unknown one matches nothing.
      const found = await services.categories.findByIdOrSlug(category);
      if (!found) return c.json({ [`${type}s`]: [], next_token: null });
      filter = found.id;
    }
    const page = await service.listPublished({ ...paging, categoryId: filter, ...(sort && sort !== 'published_at' ? { sort } : {}) });
    // A filtered list, or one by end still ahead, changes as campaigns it does not show yet cross a line.
    const byClock = paging.campaign !== undefined || sort === 'ending_first';
    const listChange = type === 'post' && byClock ? await services.campaigns.nextListChange() : null;
    return answerWithCampaigns(c, page as object, campaignsOf(page as object), listChange);
  });

  app.get('/:slug', async (c) => {
    const item = await service.findPublished(readTextParam(c, 'slug', label));
    if (!item) throw notFound(`${label} not found`);
    return answerWithCampaigns(c, item, campaignsOf(item));
  });

  // A published post's campaign numbers over time, oldest first.
  if (type === 'post') {
    app.get('/:slug/campaign/history', async (c) => c.json(await services.campaigns.history(readTextParam(c, 'slug', label))));
  }

  return app;
}

/**
 * The back office's full CRUD, drafts included. `staffView` adds to one
 * item's answer what only staff see (a post's creator link).
 */
export function adminContentApi(service: ContentService, staffView: <T>(item: T) => Promise<T> = async (item) => item) {
  const app = new Hono<AppEnv>();
  const { label } = service.kind;

  app.get('/', async (c) => c.json(await service.listAll(readQuery(c, ADMIN_LIST_QUERY))));
  app.get('/:id', async (c) => c.json(await staffView(await service.findForStaff(readIdParam(c, label)))));
  app.post('/', async (c) => c.json(await staffView(await service.create(await readJsonObject(c), { created_by: c.get('staff').userId })), 201));
  app.put('/:id', async (c) => {
    const id = readIdParam(c, label);
    return c.json(await staffView(await service.update(id, await readJsonObject(c), { userId: c.get('staff').userId })));
  });
  app.get('/:id/revisions', async (c) => c.json(await service.listRevisions(readIdParam(c, label))));
  app.get('/:id/revisions/:revisionId', async (c) => {
    const id = readIdParam(c, label);
    return c.json(await service.findRevision(id, readIdParam(c, 'Revision', 'revisionId')));
  });
  // The body carries the item's current version: `{ "version": 3 }`.
  app.post('/:id/revisions/:revisionId/restore', async (c) => {
    const id = readIdParam(c, label);
    const revisionId = readIdParam(c, 'Revision', 'revisionId');
    return c.json(await staffView(await service.restoreRevision(id, revisionId, await readJsonObject(c), { userId: c.get('staff').userId })));
  });
  app.delete('/:id', async (c) => {
    await service.remove(readIdParam(c, label));
    return c.body(null, 204);
  });

  return app;
}
