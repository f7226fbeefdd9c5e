/**
 * A post's review through the API: stored with the post and answered on
 * every post answer, each field refused one past its limit with a 400 that
 * names it and changes nothing, and never on a sponsored post (decision
 * 093). Runs on both engines (the api-postgres project).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostJson, PostPage } from '../../common/answers.ts';
import type { ReviewJson } from '../../common/review.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { contentHelpers, POST_KIND, uniqueSlug } from './content-kinds.ts';

const t = useTestApp();
const { create } = contentHelpers<PostJson>(t, POST_KIND);
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const text = (length: number, letter = 'a') => letter.repeat(length);

const REVIEW: ReviewJson = {
  verdict: 'back_it',
  take: 'A lamp that does one thing well, from a team that has shipped before.',
  for_whom: 'Campers who hate cables',
  risks: ['First hardware run', 'Ships from one warehouse'],
  score: 8,
};

/** The review at every limit: the longest texts, the most risks, the highest score. */
const FULL_REVIEW: ReviewJson = {
  verdict: 'wait',
  take: text(600),
  for_whom: text(200, 'b'),
  risks: Array.from({ length: 5 }, (_, index) => text(160, String(index))),
  score: 10,
};

async function update(post: PostJson, changes: Record<string, unknown>) {
  const {
    id,
    version,
    created_at: _c,
    updated_at: _u,
    post_categories: _p,
    campaign: _campaign,
    sponsored_submission_id: _s,
    author: _a,
    ...fields
  } = post;
  return t.request<PostJson>('PUT', `/admin/posts/${id}`, { token, body: { ...fields, version, ...changes } });
}

const stored = async (id: number) => (await t.request<PostJson>('GET', `/admin/posts/${id}`, { token })).body;

describe('a review on a post', () => {
  it('is stored with the post and answered publicly, in the detail and the list', async () => {
    const post = await create({ review: REVIEW });
    expect(post.review).toEqual(REVIEW);
    expect((await t.request<PostJson>('GET', `/posts/${post.slug}`)).body.review).toEqual(REVIEW);
    const list = await t.request<PostPage>('GET', '/posts');
    expect(list.body.posts.find((item) => item.id === post.id)?.review).toEqual(REVIEW);
  });

  it('is null on a post without one; left out of an edit it is kept, null removes it', async () => {
    expect((await create()).review).toBeNull();
    const post = await create({ review: REVIEW });
    const kept = await update(post, { review: undefined, title: 'Retitled' });
    expect(kept.status).toBe(200);
    expect(kept.body.review).toEqual(REVIEW);
    const removed = await update(kept.body, { review: null });
    expect(removed.body.review).toBeNull();
    expect(await stored(post.id)).toMatchObject({ review: null });
  });

  it('takes every field at its limits, and an empty "for whom", no risks and no score', async () => {
    const full = await create({ review: FULL_REVIEW });
    expect(full.review).toEqual(FULL_REVIEW);
    const lowest = await create({ review: { ...REVIEW, score: 1 } });
    expect(lowest.review?.score).toBe(1);
    const least = await create({ review: { verdict: 'worth_watching', take: 'x' } });
    expect(least.review).toEqual({ verdict: 'worth_watching', take: 'x', for_whom: '', risks: [], score: null });
    const trimmed = await create({ review: { ...REVIEW, take: `  ${text(600)}  `, for_whom: null, risks: null, score: null } });
    expect(trimmed.review).toEqual({ ...REVIEW, take: text(600), for_whom: '', risks: [], score: null });
  });

  it('is kept by a revision and restored with it', async () => {
    const post = await create({ review: REVIEW });
    const changed = await update(post, { review: { ...REVIEW, verdict: 'wait', score: 3 } });
    expect(changed.body.review?.verdict).toBe('wait');
    const revisions = await t.request<{ revisions: { id: number }[] }>('GET', `/admin/posts/${post.id}/revisions`, { token });
    const first = revisions.body.revisions[0];
    expect(first).toBeDefined();
    const restored = await t.request<PostJson>('POST', `/admin/posts/${post.id}/revisions/${first?.id}/restore`, {
      token,
      body: { version: changed.body.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.review).toEqual(REVIEW);
  });

  it.each([
    ['an unknown verdict', { verdict: 'buy' }, 'Verdict must be one of back_it, worth_watching, wait'],
    ['no verdict', { verdict: undefined }, 'Verdict must be one of'],
    ['a take of 601 characters', { take: text(601) }, 'Our take must be at most 600 characters'],
    ['an empty take', { take: '  ' }, 'Our take must not be empty'],
    ['a "for whom" of 201 characters', { for_whom: text(201) }, 'Who it is for must be at most 200 characters'],
    ['a "for whom" of two lines', { for_whom: 'Campers\nand hikers' }, 'Who it is for must be a single line'],
    ['six risks', { risks: Array.from({ length: 6 }, (_, index) => `Risk ${index}`) }, 'At most 5 risks'],
    ['a risk of 161 characters', { risks: ['Fine', text(161)] }, 'Each risk must be at most 160 characters'],
    ['an empty risk', { risks: [''] }, 'Each risk must not be empty'],
    ['risks that are no list', { risks: 'Late' }, 'Risks must be a list of texts'],
    ['a score of 0', { score: 0 }, 'Score must be a whole number from 1 to 10'],
    ['a score of 11', { score: 11 }, 'Score must be a whole number from 1 to 10'],
    ['a score of 7.5', { score: 7.5 }, 'Score must be a whole number from 1 to 10'],
    ['a score as text', { score: '8' }, 'Score must be a whole number from 1 to 10'],
    ['a field of its own', { stars: 4 }, 'stars'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_name, change, message) => {
    const post = await create({ review: REVIEW });
    const response = await update(post, { title: 'Should not be saved', review: { ...REVIEW, ...change } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect(await stored(post.id)).toMatchObject({ title: post.title, version: post.version, review: REVIEW });

    const before = await t.request<PostPage>('GET', '/admin/posts', { token });
    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { ...POST_KIND.payload(uniqueSlug('refused')), review: { ...REVIEW, ...change } },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect((await t.request<PostPage>('GET', '/admin/posts', { token })).body.posts).toHaveLength(before.body.posts.length);
  });

  it('refuses a review that is no object', async () => {
    const response = await t.request('POST', '/admin/posts', { token, body: { ...POST_KIND.payload(uniqueSlug('odd')), review: 'Back it' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining('review') });
  });
});

describe('a sponsored post', () => {
  const refusal = { error: 'VALIDATION_FAILED', message: expect.stringContaining('a sponsored post carries no review') };

  it('is refused a review when it is made sponsored, created or edited, and keeps what it had', async () => {
    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { ...POST_KIND.payload(uniqueSlug('paid')), sponsored: true, review: REVIEW },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(refusal);

    const sponsored = await create({ sponsored: true });
    expect(sponsored.review).toBeNull();
    // The stored flag makes it sponsored even when the payload leaves it out.
    const given = await update(sponsored, { sponsored: undefined, review: REVIEW });
    expect(given.status).toBe(400);
    expect(given.body).toEqual(refusal);
    expect(await stored(sponsored.id)).toMatchObject({ version: sponsored.version, review: null });

    // An editorial post made sponsored must let its review go in the same save.
    const reviewed = await create({ review: REVIEW });
    const flagged = await update(reviewed, { sponsored: true, review: undefined });
    expect(flagged.status).toBe(400);
    expect(flagged.body).toEqual(refusal);
    expect(await stored(reviewed.id)).toMatchObject({ sponsored: false, version: reviewed.version, review: REVIEW });
    const cleared = await update(reviewed, { sponsored: true, review: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ sponsored: true, review: null });
  });

  it('drafted from a paid submission by the service is refused one, and nothing is stored', async () => {
    const before = (await t.request<PostPage>('GET', '/admin/posts', { token })).body.posts.length;
    const payload = { ...POST_KIND.payload(uniqueSlug('drafted')), sponsored: undefined, review: REVIEW };
    await expect(t.services.posts.create(payload, { sponsored_submission_id: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('a sponsored post carries no review'),
    });
    expect((await t.request<PostPage>('GET', '/admin/posts', { token })).body.posts).toHaveLength(before);
  });

  it('made from a paid sponsored submission is refused a review with 400, and nothing changes', async () => {
    const submissionId = await checkoutSubmission(
      t,
      {
        project_name: `Tide Clock ${Date.now()}`,
        project_url: 'https://www.kickstarter.com/projects/tide-clock',
        contact_name: 'Ada Lovelace',
        contact_email: 'ada.reviews@example.com',
        description: 'A clock that shows the tides of your beach.',
      },
      { pay: true },
    );
    const approved = await t.request('PATCH', `/admin/submissions/sponsored/${submissionId}`, {
      token,
      body: { status: 'approved', version: 1 },
    });
    expect(approved.status).toBe(200);
    const draft = await t.request<PostJson>('POST', `/admin/submissions/sponsored/${submissionId}/draft`, { token });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ sponsored: true, sponsored_submission_id: submissionId, review: null });

    for (const change of [{ review: REVIEW }, { sponsored: undefined, review: REVIEW }, { review: { ...REVIEW, score: null } }]) {
      const response = await update(draft.body, { title: 'Should not be saved', ...change });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refusal);
    }
    expect(await stored(draft.body.id)).toMatchObject({ title: draft.body.title, version: draft.body.version, review: null });
    // Without a review, it saves as any post.
    const saved = await update(draft.body, { title: 'Tide Clock, reviewed by its sponsor', review: null });
    expect(saved.status).toBe(200);
    expect(saved.body.review).toBeNull();
  });
});
