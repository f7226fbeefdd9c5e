/**
 * How the editor reads back a stored read time: the content's estimate
 * follows the text; any other value, and none (an author's emptied field),
 * is set by hand and saved again as it is.
 */
import { describe, expect, it } from 'vitest';
import type { PostJson, ResourceJson } from '../../common/answers.ts';
import { estimateReadTime } from '../../common/read-time.ts';
import { ADMIN_POSTS, ADMIN_RESOURCES } from '../../app/lib/admin-content.ts';
import { contentPayload } from '../../app/lib/content-payload.ts';

const CONTENT = Array.from({ length: 500 }, (_, index) => `word${index}`).join(' ');
const ESTIMATE = estimateReadTime(CONTENT);

const stored = (read_time: number | null): PostJson & ResourceJson => ({
  id: 1,
  slug: 'long-read',
  title: 'Long read',
  excerpt: null,
  content: CONTENT,
  cover_image: null,
  campaign: null,
  author_id: null,
  author: null,
  read_time,
  status: 'draft',
  published_at: null,
  created_at: 1,
  updated_at: 1,
  version: 3,
  campaign_url: null,
  sponsored: false,
  sponsored_submission_id: null,
  pinned: false,
  review: null,
  category_ids: [],
  post_categories: [],
  category_id: null,
});

describe('a stored read time, read back by the editor', () => {
  it('is estimated when it is the estimate of the text, and follows the text', () => {
    const draft = ADMIN_POSTS.draftOf(stored(ESTIMATE));
    expect(draft.readTimeOverridden).toBe(false);
    const longer = `${CONTENT} ${CONTENT}`;
    expect(contentPayload('post', { ...draft, content: longer }, 3)).toMatchObject({ read_time: estimateReadTime(longer) });
  });

  it('is set by hand when it differs from the estimate', () => {
    const draft = ADMIN_POSTS.draftOf(stored(ESTIMATE + 4));
    expect(draft).toMatchObject({ readTimeOverridden: true, read_time: String(ESTIMATE + 4) });
    expect(contentPayload('post', draft, 3)).toMatchObject({ read_time: ESTIMATE + 4 });
  });

  it('stays empty, set by hand, when the author emptied it: the next save keeps none', () => {
    for (const kind of [ADMIN_POSTS, ADMIN_RESOURCES]) {
      const draft = kind.draftOf(stored(null));
      expect(draft, kind.noun).toMatchObject({ readTimeOverridden: true, read_time: '' });
      expect(contentPayload(kind.kind, { ...draft, title: 'Long read, revised' }, 3), kind.noun).toMatchObject({ read_time: null });
    }
  });
});
