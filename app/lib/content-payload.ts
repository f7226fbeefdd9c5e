/**
 * The post and resource editors' form state and the payload it becomes
 * (SPEC.md sections 4, 5 and 7).
 */

/** What the editor form holds, as typed. */
export interface ContentDraft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover_image: string | null;
  campaign_url: string;
  status: 'draft' | 'published';
  read_time: string;
  category_id: string;
}

export const EMPTY_DRAFT: ContentDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  cover_image: null,
  campaign_url: '',
  status: 'draft',
  read_time: '',
  category_id: '',
};

export type ContentKind = 'post' | 'resource';

/** SPEC.md section 5: read time is a whole number of minutes, or null. */
export function readTimeValue(text: string): number | null {
  if (text.trim() === '') return null;
  const minutes = Number(text);
  return Number.isFinite(minutes) ? Math.trunc(minutes) : null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The payload of SPEC.md section 7. Posts: published_at only on creation,
 * the version only on update. Resources: published_at now or null, the
 * version only on update.
 */
export function contentPayload(kind: ContentKind, draft: ContentDraft, version: number | null): Record<string, unknown> {
  const common = {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt.trim() ? draft.excerpt : null,
    content: draft.content,
    cover_image: draft.cover_image || null,
    status: draft.status,
    read_time: readTimeValue(draft.read_time),
  };
  if (kind === 'resource') {
    return {
      ...common,
      published_at: draft.status === 'published' ? nowSeconds() : null,
      ...(version === null ? {} : { version }),
    };
  }
  const post = { ...common, campaign_url: draft.campaign_url.trim() || null, category_ids: draft.category_id ? [draft.category_id] : [] };
  if (version === null) return { ...post, published_at: draft.status === 'published' ? nowSeconds() : null };
  return { ...post, version };
}
