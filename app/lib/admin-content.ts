/**
 * The back office's posts and resources: one list loader and delete action,
 * one editor loader and save action for both kinds, with what differs
 * between them (paths, SPEC.md's texts, categories) given as data.
 */
import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type {
  AuthorChoiceJson,
  CampaignFetchingSettingsJson,
  CategoryJson,
  ContentRecord,
  PostJson,
  ResourceJson,
  SponsoredSubmissionDetailsJson,
} from '../../common/answers.ts';
import type { CampaignJson } from '../../common/campaign.ts';
import { isLive } from '../../common/publication.ts';
import { estimateReadTime } from '../../common/read-time.ts';
import { notifyError, notifySuccess } from './admin-toasts.ts';
import { describeFailure, withAdminSession } from './admin-session.ts';
import { api, ApiRequestError, isVersionConflict, listSearch, pageToken } from './api-client.ts';
import { postSponsorOf, type PostSponsor } from './sponsor-publishing.ts';
import { campaignDraftOf, EMPTY_DRAFT, reviewDraftOf, stageOf, statusOfStage, type ContentDraft, type ContentKind, type ContentPayload } from './content-payload.ts';

export interface AdminContentKind {
  kind: ContentKind;
  /** `Post`, `Resource`. */
  noun: string;
  /** Where the list is, in the back office and in the API. */
  listPath: string;
  apiPath: string;
  /** The answer key of the API's list. */
  listKey: 'posts' | 'resources';
  texts: {
    deleted: string;
    deleteFailedTitle: string;
    deleteFailedFallback: string;
    /** The toast when an item cannot be loaded, if the screen shows one. */
    loadFailed: string | null;
    notFound: string;
    saveFailedTitle: string;
    saveFailedFallback: string;
    /** The toasts after a save, if the screen shows them. */
    saved: { created: string; updated: string } | null;
  };
  /** Posts are filed under categories in the editor; resources are not. */
  hasCategories: boolean;
  /** The form state of a loaded item. */
  draftOf: (item: PostJson & ResourceJson) => ContentDraft;
}

const sharedDraft = (item: PostJson | ResourceJson): ContentDraft => ({
  ...EMPTY_DRAFT,
  // Only whole minutes are stored: one equal to the content's estimate is taken as the estimate, and keeps
  // following the text. None is an author's emptied field (the editor saves the estimate otherwise): it stays
  // set by hand, so the next save keeps it empty.
  readTimeOverridden: item.read_time !== estimateReadTime(item.content),
  title: item.title,
  slug: item.slug,
  excerpt: item.excerpt ?? '',
  content: item.content,
  cover_image: item.cover_image,
  stage: stageOf(item),
  read_time: item.read_time === null ? '' : String(item.read_time),
  // Kept while a draft too: published again, the item keeps its first date (decision 050).
  publish_at: item.published_at,
});

export const ADMIN_POSTS: AdminContentKind = {
  kind: 'post',
  noun: 'Post',
  listPath: '/admin/posts',
  apiPath: '/admin/posts',
  listKey: 'posts',
  texts: {
    deleted: 'Post deleted',
    deleteFailedTitle: 'Error',
    deleteFailedFallback: 'Failed to delete post',
    loadFailed: 'Failed to load post',
    notFound: 'Post not found',
    saveFailedTitle: 'Failed to save post',
    saveFailedFallback: 'Failed to save post',
    saved: { created: 'Post created', updated: 'Post updated' },
  },
  hasCategories: true,
  draftOf: (post) => ({
    ...sharedDraft(post),
    campaign_url: post.campaign_url ?? '',
    campaign: campaignDraftOf(post.campaign),
    category_ids: post.category_ids,
    sponsored: post.sponsored,
    pinned: post.pinned,
    fromSubmission: post.sponsored_submission_id,
    author_id: post.author_id,
    review: reviewDraftOf(post.review),
  }),
};

export const ADMIN_RESOURCES: AdminContentKind = {
  kind: 'resource',
  noun: 'Resource',
  listPath: '/admin/resources',
  apiPath: '/admin/resources',
  listKey: 'resources',
  texts: {
    deleted: 'Resource deleted successfully',
    deleteFailedTitle: 'Failed to delete resource',
    deleteFailedFallback: '',
    loadFailed: null,
    notFound: 'Resource not found',
    saveFailedTitle: 'Failed to save resource',
    saveFailedFallback: 'Unable to save resource.',
    saved: null,
  },
  hasCategories: false,
  draftOf: sharedDraft,
};

/** The item a save just stored, for the list it returns to: its public address, or how to preview it. */
export interface SavedItem {
  kind: ContentKind;
  id: number;
  title: string;
  slug: string;
  /** Published with its time reached: on the site now. */
  isLive: boolean;
}

/** The editor's answer from its route action. */
export interface SaveFailure {
  error: string;
  isConflict: boolean;
}

/** A save went through: the editor takes the item back to the list, in the navigation's state. */
export interface SaveSuccess {
  saved: SavedItem;
}

export const isSaveSuccess = (answer: SaveFailure | SaveSuccess | undefined): answer is SaveSuccess => answer !== undefined && 'saved' in answer;

/** The saved item a navigation to the list of `kind` carries, if any: history state outlives the page that wrote it, so it is checked. */
export function savedItemOf(state: unknown, kind: ContentKind): SavedItem | null {
  if (typeof state !== 'object' || state === null || !('saved' in state)) return null;
  const saved = state.saved as Partial<Record<keyof SavedItem, unknown>> | null;
  return saved?.kind === kind &&
    typeof saved.id === 'number' &&
    typeof saved.title === 'string' &&
    typeof saved.slug === 'string' &&
    typeof saved.isLive === 'boolean'
    ? { kind, id: saved.id, title: saved.title, slug: saved.slug, isLive: saved.isLive }
    : null;
}

/** The editor's `shouldRevalidate`: after a save it leaves for the list at once, without reading the item again. */
export const skipRevalidationAfterSave = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isSaveSuccess(actionResult as SaveFailure | SaveSuccess | undefined) ? false : defaultShouldRevalidate;

/** `/admin/posts/new`, or `/admin/posts/{id}`. */
const itemId = (param: string | undefined) => (param === undefined || param === 'new' ? null : Number(param));

/** The editor's loader: an empty draft, or the stored item as a draft with its id and version. */
export function loadContentEditor(kind: AdminContentKind, idParam: string | undefined) {
  const id = itemId(idParam);
  return withAdminSession(async () => {
    const categoriesCall = kind.hasCategories
      ? api.get<{ categories: CategoryJson[] }>('/admin/categories').then((answer) => answer.categories)
      : Promise.resolve([]);
    // Posts name an author: the picker offers every member of staff.
    const authorsCall = kind.kind === 'post'
      ? api.get<{ authors: AuthorChoiceJson[] }>('/admin/authors').then((answer) => answer.authors)
      : Promise.resolve([]);
    if (id === null) {
      return {
        draft: EMPTY_DRAFT,
        version: null,
        categories: await categoriesCall,
        authors: await authorsCall,
        id: null,
        campaign: null,
        creatorLinkUrl: undefined,
        campaignRefreshOn: false,
        sponsor: null,
      };
    }
    let item: PostJson & ResourceJson;
    try {
      item = await api.get<PostJson & ResourceJson>(`${kind.apiPath}/${id}`);
    } catch (error) {
      if (kind.texts.loadFailed) notifyError(kind.texts.loadFailed, describeFailure(error, ''));
      if (error instanceof ApiRequestError && error.status === 404) throw data(kind.texts.notFound, { status: 404 });
      throw error;
    }
    // SPEC.md section 4: a loaded item without a version counts as version 1.
    // The stored campaign as staff see it (its last refresh's error, its creator link), beside the form's copy of its facts.
    const campaign: CampaignJson | null = 'campaign' in item ? (item.campaign ?? null) : null;
    // Undefined when the item has no campaign stored: there is no link to show or make.
    const creatorLinkUrl = campaign ? (campaign.update_url ?? null) : undefined;
    // "Refresh now" only while reading campaign pages is on: pressed while off, it could only fail.
    const campaignRefreshOnCall =
      campaign?.platform === 'kickstarter' && campaign.url
        ? api.get<CampaignFetchingSettingsJson>(`${kind.apiPath}/${id}/campaign/refresh`).then((answer) => answer.enabled)
        : Promise.resolve(false);
    const [campaignRefreshOn, sponsor] = await Promise.all([campaignRefreshOnCall, sponsorOfItem(item)]);
    return {
      draft: kind.draftOf(item),
      version: item.version ?? 1,
      categories: await categoriesCall,
      authors: await authorsCall,
      id,
      campaign,
      creatorLinkUrl,
      campaignRefreshOn,
      sponsor,
    };
  });
}

/**
 * The sponsor of a post drafted from a sponsored submission, for the editor
 * to say what publishing mails them; null for other items, or when the
 * member of staff may not read submissions (the editor then says less).
 */
async function sponsorOfItem(item: Partial<Pick<PostJson, 'sponsored_submission_id'>>): Promise<PostSponsor | null> {
  const submissionId = item.sponsored_submission_id ?? null;
  if (submissionId === null) return null;
  try {
    return postSponsorOf(await api.get<SponsoredSubmissionDetailsJson>(`/admin/submissions/sponsored/${submissionId}`));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw error;
    return null;
  }
}

/** The editor's action: creates or updates, then back to the list; a refusal stays on the form. */
export async function saveContent(
  kind: AdminContentKind,
  idParam: string | undefined,
  request: Request,
): Promise<SaveFailure | SaveSuccess> {
  const id = itemId(idParam);
  const payload = (await request.json()) as ContentPayload;
  return withAdminSession(async () => {
    let saved: ContentRecord;
    try {
      if (id === null) saved = await api.post<ContentRecord>(kind.apiPath, payload);
      else saved = await api.put<ContentRecord>(`${kind.apiPath}/${id}`, payload);
    } catch (error) {
      const message = describeFailure(error, kind.texts.saveFailedFallback);
      notifyError(kind.texts.saveFailedTitle, message);
      return { error: message, isConflict: isVersionConflict(error) };
    }
    if (kind.texts.saved) notifySuccess(id === null ? kind.texts.saved.created : kind.texts.saved.updated);
    // The editor goes back to the list with the item in the navigation's state; the list's loader runs again on
    // arrival, so it shows the change.
    return { saved: { kind: kind.kind, id: saved.id, title: saved.title, slug: saved.slug, isLive: isLive(saved) } };
  });
}

/** The list's loader: one page of 20, newest first, drafts included. */
/** The back office's filters of a list; `scheduled` is published with its time still ahead. */
export const CONTENT_STATES = ['published', 'scheduled', 'draft'] as const;
export type ContentStateFilter = (typeof CONTENT_STATES)[number];

export const stateFilterOf = (request: Request): ContentStateFilter | null => {
  const value = new URL(request.url).searchParams.get('state');
  return CONTENT_STATES.find((state) => state === value) ?? null;
};

export function loadContentList<Row>(kind: AdminContentKind, request: Request) {
  const state = stateFilterOf(request);
  return withAdminSession(async () => {
    const answer = await api.get<Record<string, Row[] | string | null>>(kind.apiPath, {
      limit: 20,
      next_token: pageToken(request),
      state: state ?? undefined,
      q: listSearch(request),
    });
    return { rows: (answer[kind.listKey] ?? []) as Row[], next_token: (answer.next_token as string | null) ?? null, state };
  });
}

/** Whether the stored item a draft was loaded from is on the public site now. */
export const isDraftLive = (draft: ContentDraft) => isLive({ status: statusOfStage(draft.stage), published_at: draft.publish_at });

/** The list's action: deletes the row its delete button posted, and says how it went. */
export async function deleteListedContent(kind: AdminContentKind, request: Request) {
  const id = Number((await request.formData()).get('id'));
  return withAdminSession(async () => {
    try {
      await api.delete(`${kind.apiPath}/${id}`);
      notifySuccess(kind.texts.deleted);
      return { ok: true };
    } catch (error) {
      notifyError(kind.texts.deleteFailedTitle, describeFailure(error, kind.texts.deleteFailedFallback));
      return { ok: false };
    }
  });
}
