/**
 * From a paid submission to its post: an approved, paid submission becomes
 * one draft post (201, then 200 with the same post), labelled Sponsored for
 * good, linked both ways; an unpaid or unapproved one is refused with 409.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { checkoutSubmission } from '../helpers/payments.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

let counter = 0;
const projectName = () => `Tide Clock ${++counter} ${Date.now()}`;

/** A submission through the test checkout: paid when `pay`, left pending otherwise. */
async function submission(options: { pay: boolean; approve: boolean; name?: string }) {
  const name = options.name ?? projectName();
  const id = await checkoutSubmission(
    t,
    {
      project_name: name,
      project_url: 'https://www.kickstarter.com/projects/tide-clock',
      contact_name: 'Ada Lovelace',
      contact_email: `ada.${counter}@example.com`,
      description: 'A clock that shows the tides of your beach.',
    },
    { pay: options.pay },
  );
  const token = await t.adminToken();
  if (options.approve) {
    const approved = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, {
      token,
      body: { status: 'approved', version: 1 },
    });
    expect(approved.status).toBe(200);
  }
  return { id: id, name };
}

const draftOf = async (id: number) =>
  t.request('POST', `/admin/submissions/sponsored/${id}/draft`, { token: await t.adminToken() });

describe('POST /api/admin/submissions/sponsored/{id}/draft', () => {
  it('makes a sponsored draft from an approved, paid submission, and the same one after that', async () => {
    const { id, name } = await submission({ pay: true, approve: true });
    const first = await draftOf(id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: name,
      status: 'draft',
      sponsored: true,
      sponsored_submission_id: id,
      campaign_url: 'https://www.kickstarter.com/projects/tide-clock',
      content: 'A clock that shows the tides of your beach.',
      published_at: null,
    });
    expect(first.body.slug).toMatch(/^tide-clock-\d+-\d+$/);
    // The sponsor's contact stays on the submission.
    expect(JSON.stringify(first.body)).not.toContain('Ada Lovelace');

    const again = await draftOf(id);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const listed = await t.request('GET', `/admin/submissions/sponsored/${id}`, { token: await t.adminToken() });
    expect(listed.body.post).toMatchObject({ id: first.body.id, status: 'draft' });
    expect(listed.body.newsletter_issues).toEqual([]);
  });

  it('gives the draft the read time of its content, as any post gets, rather than none', async () => {
    const { id } = await submission({ pay: true, approve: true });
    const draft = await draftOf(id);
    expect(draft.status).toBe(201);
    // The description's nine words: a minute, the least a post shows.
    expect(draft.body.read_time).toBe(1);
    const stored = await t.handle.db.selectFrom('posts').select('read_time').where('id', '=', draft.body.id).executeTakeFirstOrThrow();
    expect(stored.read_time).toBe(1);
  });

  it('makes the draft through the post service: its body is stored rendered and the page caches are told', async () => {
    const { id } = await submission({ pay: true, approve: true });
    const generation = t.deps.contentChanges.generation;
    const draft = await draftOf(id);
    expect(draft.status).toBe(201);
    const stored = await t.handle.db.selectFrom('posts').select(['content_html']).where('id', '=', draft.body.id).executeTakeFirstOrThrow();
    expect(stored.content_html).toContain('A clock that shows the tides of your beach.');
    expect(t.deps.contentChanges.generation).toBeGreaterThan(generation);
  });

  it('makes one post of requests at the same moment', async () => {
    const { id } = await submission({ pay: true, approve: true });
    const answers = await Promise.all([draftOf(id), draftOf(id), draftOf(id)]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
  });

  it('gives a second project of the same name a slug of its own', async () => {
    const name = projectName();
    const one = await draftOf((await submission({ pay: true, approve: true, name })).id);
    const two = await draftOf((await submission({ pay: true, approve: true, name })).id);
    expect(two.body.slug).toBe(`${one.body.slug}-2`);
  });

  it('refuses an unpaid or unapproved submission with 409 and a clear message, and an unknown one with 404', async () => {
    // An unpaid submission cannot be approved, so it stays new.
    const pending = await submission({ pay: false, approve: false });
    const approval = await t.request('PATCH', `/admin/submissions/sponsored/${pending.id}`, {
      token: await t.adminToken(),
      body: { status: 'approved', version: 1 },
    });
    expect(approval.status).toBe(409);
    expect(approval.body.message).toBe('This submission is not paid: only paid submissions can be approved');
    const unpaid = await draftOf(pending.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('This submission is not paid: only paid submissions become posts');
    const unapproved = await draftOf((await submission({ pay: true, approve: false })).id);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toBe('Approve this submission first: only approved submissions become posts');
    expect((await draftOf(999999)).status).toBe(404);
  });
});

describe('the Sponsored label of a post', () => {
  it('cannot be turned off on a post made from a paid submission', async () => {
    const { id } = await submission({ pay: true, approve: true });
    const post = (await draftOf(id)).body;
    const token = await t.adminToken();
    const refused = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...post, sponsored: false, category_ids: [], version: post.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A post made from a paid sponsored submission is always labelled Sponsored');

    // An edit that leaves the flag out keeps it.
    const kept = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { title: post.title, slug: post.slug, content: 'The full review.', status: 'published', category_ids: [], version: post.version },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.sponsored).toBe(true);
  });

  it('is set and cleared freely on other posts', async () => {
    const token = await t.adminToken();
    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Paid elsewhere', slug: `paid-elsewhere-${Date.now()}`, content: 'Text', status: 'draft', category_ids: [], sponsored: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sponsored: true, sponsored_submission_id: null });
    const cleared = await t.request('PUT', `/admin/posts/${created.body.id}`, {
      token,
      body: { ...created.body, sponsored: false, version: created.body.version },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.sponsored).toBe(false);
  });
});
