/**
 * Authors: every member of staff's public profile (slug, bio, avatar,
 * links), edited under Account and, by owners and administrators, for
 * anyone; each field at its limit and one past it (400 naming the field), a
 * taken or reserved slug (409); the author a post names (its creator, one an
 * editor picks, the approver of a sponsored submission) carried on every
 * post answer without an address; `GET /api/authors/{slug}` with the
 * profile and its live posts, paged; the slugs an author left, kept for
 * their page's redirect until another author takes one. Runs on SQLite and
 * on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthorPageJson, AuthorProfileJson, PostJson } from '../../common/answers.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { ADMIN_EMAIL, useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, contentHelpers, POST_KIND } from './content-kinds.ts';

const t = useTestApp();
const { payload: postPayload } = contentHelpers<PostJson>(t, POST_KIND);
let token: string;
let ownerId: number;

const idOf = async (email: string) =>
  (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** A member of staff of `role`, named, signed in. */
async function member(email: string, role: 'admin' | 'editor', name: string) {
  const password = 'a long password for authors';
  await t.createUserWithRole(email, password, role);
  const signedIn = await t.login(email, password);
  const named = await t.request('PUT', '/admin/account/profile', { token: signedIn.access_token, body: { name, email } });
  expect(named.status).toBe(200);
  return { id: await idOf(email), token: signedIn.access_token };
}

const putOwn = (body: unknown, as = token) => t.request<AuthorProfileJson & { message?: string }>('PUT', '/admin/account/author', { token: as, body });

const UPLOAD = '/uploads/2026/12/jo-marsh.webp';

beforeAll(async () => {
  token = await t.adminToken();
  ownerId = await idOf(ADMIN_EMAIL);
  const named = await t.request('PUT', '/admin/account/profile', { token, body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
  expect(named.status).toBe(200);
});

describe('an author profile under Account', () => {
  it('starts with a slug made from the name, and is read back as saved', async () => {
    const read = await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ user_id: ownerId, name: 'Jo Marsh', slug: 'jo-marsh', url: '/author/jo-marsh', bio: '', avatar: null, links: [] });

    const saved = await putOwn({ slug: 'jo-marsh', bio: '  Reviews  hardware\nfor a living. ', avatar: UPLOAD, links: ['https://jo.example.com/'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      user_id: ownerId,
      name: 'Jo Marsh',
      slug: 'jo-marsh',
      url: '/author/jo-marsh',
      bio: 'Reviews hardware for a living.',
      avatar: UPLOAD,
      links: ['https://jo.example.com/'],
    });
    expect((await t.request('GET', '/admin/account/author', { token })).body).toEqual(saved.body);
  });

  it('takes every field at its limit', async () => {
    const slug = `j${'o'.repeat(99)}`;
    const saved = await putOwn({
      slug,
      bio: 'b'.repeat(300),
      avatar: UPLOAD,
      links: ['https://a.example.com/', 'https://b.example.com/', `https://c.example.com/${'p'.repeat(2048 - 'https://c.example.com/'.length)}`],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.slug).toHaveLength(100);
    expect(saved.body.bio).toHaveLength(300);
    expect(saved.body.links).toHaveLength(3);
    expect((await putOwn({ slug: 'jo-marsh', bio: '', avatar: null, links: [] })).status).toBe(200);
  });

  it.each([
    ['slug', { slug: `j${'o'.repeat(100)}` }],
    ['slug', { slug: 'Jo Marsh' }],
    ['slug', { slug: '' }],
    ['bio', { bio: 'b'.repeat(301) }],
    ['avatar', { avatar: 'https://elsewhere.example.com/face.png' }],
    ['avatar', { avatar: '/images/../etc/passwd' }],
    ['links', { links: ['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/', 'https://d.example.com/'] }],
    ['links', { links: ['http://jo.example.com/'] }],
    ['links', { links: ['javascript:alert(1)'] }],
    ['links', { links: [`https://c.example.com/${'p'.repeat(2049 - 'https://c.example.com/'.length)}`] }],
    ['links', { links: 'https://jo.example.com/' }],
  ])('refuses a bad %s with 400 naming it, and changes nothing', async (field, change) => {
    const before = (await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token })).body;
    const refused = await putOwn({ slug: 'jo-marsh', bio: 'Kept.', avatar: null, links: [], ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(field);
    expect((await t.request('GET', '/admin/account/author', { token })).body).toEqual(before);
  });

  it('refuses a slug another author holds or the site keeps with 409', async () => {
    const other = await member('sam.reed@example.com', 'editor', 'Sam Reed');
    expect((await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token: other.token })).body.slug).toBe('sam-reed');

    const taken = await putOwn({ slug: 'sam-reed' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('slug');
    for (const slug of ['admin', 'staff', 'author']) {
      const reserved = await putOwn({ slug });
      expect(reserved.status).toBe(409);
      expect(reserved.body.message).toContain('reserved');
    }
    expect((await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token })).body.slug).toBe('jo-marsh');
  });

  it('gives a second member of the same name a slug of their own', async () => {
    const twin = await member('jo.marsh.two@example.com', 'editor', 'Jo Marsh');
    const read = await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token: twin.token });
    expect(read.body.slug).toBe(`jo-marsh-${twin.id}`);
  });
});

describe('the slugs an author left', () => {
  /** The rows naming these slugs (other tests here change slugs too). */
  const history = async () =>
    (
      await t.handle.db
        .selectFrom('author_slug_history')
        .select(['old_slug', 'user_id'])
        .where('old_slug', 'in', ['ada-lovelace', 'ada-l', 'ada-writes'])
        .orderBy('old_slug')
        .execute()
    ).map((row) => ({ ...row, user_id: Number(row.user_id) }));

  it('are kept for their author through every change, and one taken back or by another is dropped', async () => {
    const ada = await member('ada.l@example.com', 'editor', 'Ada Lovelace');
    expect((await putOwn({ slug: 'ada-l' }, ada.token)).status).toBe(200);
    expect((await putOwn({ slug: 'ada-writes' }, ada.token)).status).toBe(200);
    expect(await history()).toEqual([
      { old_slug: 'ada-l', user_id: ada.id },
      { old_slug: 'ada-lovelace', user_id: ada.id },
    ]);
    // An edit keeping the slug adds nothing.
    expect((await putOwn({ slug: 'ada-writes', bio: 'Still here.' }, ada.token)).status).toBe(200);
    expect(await history()).toHaveLength(2);

    // A new member of the same name gets the slug from it, free again: it redirects no more.
    const namesake = await member('ada.two@example.com', 'editor', 'Ada Lovelace');
    expect((await t.request<AuthorProfileJson>('GET', '/admin/account/author', { token: namesake.token })).body.slug).toBe('ada-lovelace');
    // Taken back by its own author: a page again, and the one left points at it.
    expect((await putOwn({ slug: 'ada-l' }, ada.token)).status).toBe(200);
    expect(await history()).toEqual([{ old_slug: 'ada-writes', user_id: ada.id }]);
    // Taken by another: it is theirs.
    expect((await putOwn({ slug: 'ada-writes' }, namesake.token)).status).toBe(200);
    expect(await history()).toEqual([{ old_slug: 'ada-lovelace', user_id: namesake.id }]);
    const page = await t.request<AuthorPageJson>('GET', '/authors/ada-writes');
    expect(page.body.author.name).toBe('Ada Lovelace');
    // The API answers the author at a slug, not a redirect: the page does that.
    expect((await t.request('GET', '/authors/ada-lovelace')).status).toBe(404);
  });
});

describe("anyone's author profile", () => {
  it('is edited by owners and administrators, and refused to editors', async () => {
    const editor = await member('pat.lee@example.com', 'editor', 'Pat Lee');
    const admin = await member('ann.admin@example.com', 'admin', 'Ann Admin');

    const byAdmin = await t.request<AuthorProfileJson>('PUT', `/admin/users/${editor.id}/author`, {
      token: admin.token,
      body: { slug: 'pat-lee', bio: 'Covers board games.', avatar: null, links: [] },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ user_id: editor.id, slug: 'pat-lee', bio: 'Covers board games.' });
    const byOwner = await t.request<AuthorProfileJson>('GET', `/admin/users/${editor.id}/author`, { token });
    expect(byOwner.body.bio).toBe('Covers board games.');

    const byEditor = await t.request('PUT', `/admin/users/${admin.id}/author`, { token: editor.token, body: { slug: 'ann' } });
    expect(byEditor.status).toBe(403);
    // The rest of the staff screen stays the owner's.
    expect((await t.request('GET', '/admin/users', { token: admin.token })).status).toBe(403);
    // Their own, every role edits.
    expect((await putOwn({ slug: 'pat-lee', bio: 'Board games, mostly.' }, editor.token)).status).toBe(200);

    expect((await t.request('PUT', '/admin/users/999999/author', { token, body: { slug: 'nobody' } })).status).toBe(404);
    const bad = await t.request<{ message: string }>('PUT', `/admin/users/${editor.id}/author`, { token, body: { slug: 'pat-lee', bio: 'b'.repeat(301) } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('bio');
  });
});

describe('the author of a post', () => {
  it('is its creator unless the editor picks another member of staff; the answers carry no address', async () => {
    const editor = await member('kim.ode@example.com', 'editor', 'Kim Ode');
    const made = await t.request<PostJson>('POST', '/admin/posts', { token, body: postPayload({ published_at: BASE_TIME }) });
    expect(made.status).toBe(201);
    expect(made.body.author_id).toBe(ownerId);
    expect(made.body.author).toEqual({ name: 'Jo Marsh', slug: 'jo-marsh', url: '/author/jo-marsh', avatar: null });

    const picked = await t.request<PostJson>('POST', '/admin/posts', { token, body: postPayload({ published_at: BASE_TIME + 1, author_id: editor.id }) });
    expect(picked.status).toBe(201);
    expect(picked.body.author).toEqual({ name: 'Kim Ode', slug: 'kim-ode', url: '/author/kim-ode', avatar: null });

    // Left out, an edit keeps the author; given, it changes it; null names none.
    const kept = await t.request<PostJson>('PUT', `/admin/posts/${picked.body.id}`, {
      token,
      body: postPayload({ slug: picked.body.slug, title: 'Kept author', version: picked.body.version }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.author_id).toBe(editor.id);
    const moved = await t.request<PostJson>('PUT', `/admin/posts/${picked.body.id}`, {
      token,
      body: postPayload({ slug: picked.body.slug, title: 'Moved author', author_id: ownerId, version: kept.body.version }),
    });
    expect(moved.body.author?.slug).toBe('jo-marsh');
    const none = await t.request<PostJson>('PUT', `/admin/posts/${picked.body.id}`, {
      token,
      body: postPayload({ slug: picked.body.slug, title: 'No author', author_id: null, version: moved.body.version }),
    });
    expect(none.body.author).toBeNull();

    const one = await t.request<PostJson>('GET', `/posts/${made.body.slug}`);
    expect(one.body.author).toEqual({ name: 'Jo Marsh', slug: 'jo-marsh', url: '/author/jo-marsh', avatar: null });
    const list = await t.request('GET', '/posts');
    for (const answer of [one.body, list.body]) {
      expect(JSON.stringify(answer)).not.toContain(ADMIN_EMAIL);
      expect(JSON.stringify(answer)).not.toContain('kim.ode@example.com');
    }
  });

  it('refuses an author who is no member of staff with 400 naming author_id', async () => {
    for (const author_id of [999_999, 'jo', 0, 1.5]) {
      const refused = await t.request<{ message: string }>('POST', '/admin/posts', { token, body: postPayload({ author_id }) });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('author_id');
    }
  });

  it('offers every member of staff to the editor\'s picker, by name alone', async () => {
    const editor = await member('lou.picker@example.com', 'editor', 'Lou Picker');
    const choices = await t.request<{ authors: { id: number; name: string }[] }>('GET', '/admin/authors', { token: editor.token });
    expect(choices.status).toBe(200);
    expect(choices.body.authors).toEqual(expect.arrayContaining([{ id: ownerId, name: 'Jo Marsh' }, { id: editor.id, name: 'Lou Picker' }]));
    // Editors may not read the staff list: the picker carries no address.
    expect(JSON.stringify(choices.body)).not.toContain('@');
  });

  it('of a post made from a sponsored submission is the member of staff who approved it', async () => {
    const approver = await member('ada.approver@example.com', 'admin', 'Ada Approver');
    const id = await checkoutSubmission(
      t,
      {
        project_name: `Tide Clock ${Date.now()}`,
        project_url: 'https://www.kickstarter.com/projects/tide-clock',
        contact_name: 'Sponsor Person',
        contact_email: 'sponsor.person@example.com',
        description: 'A clock that shows the tides.',
      },
      { pay: true },
    );
    const approved = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, { token: approver.token, body: { status: 'approved', version: 1 } });
    expect(approved.status).toBe(200);
    // Drafted by the owner, the byline is the approver's.
    const draft = await t.request<PostJson>('POST', `/admin/submissions/sponsored/${id}/draft`, { token });
    expect(draft.status).toBe(201);
    expect(draft.body.author_id).toBe(approver.id);
    expect(draft.body.author?.name).toBe('Ada Approver');
  });
});

describe('GET /api/authors/{slug}', () => {
  it('answers the profile and its live posts, newest first, paged; never an address nor a draft', async () => {
    const author = await member('page.author@example.com', 'editor', 'Page Author');
    const saved = await t.request('PUT', '/admin/account/author', {
      token: author.token,
      body: { slug: 'page-author', bio: 'Writes the page.', avatar: UPLOAD, links: ['https://page.example.com/'] },
    });
    expect(saved.status).toBe(200);
    const titles: string[] = [];
    for (const n of [1, 2, 3]) {
      const made = await t.request<PostJson>('POST', '/admin/posts', {
        token: author.token,
        body: postPayload({ title: `Page post ${n}`, published_at: BASE_TIME + 100 + n }),
      });
      expect(made.status).toBe(201);
      titles.unshift(made.body.title);
    }
    await t.request('POST', '/admin/posts', { token: author.token, body: postPayload({ title: 'Page draft', status: 'draft' }) });

    const first = await t.request<AuthorPageJson>('GET', '/authors/page-author?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.author).toEqual({
      name: 'Page Author',
      slug: 'page-author',
      url: '/author/page-author',
      avatar: UPLOAD,
      bio: 'Writes the page.',
      links: ['https://page.example.com/'],
    });
    expect(first.body.posts.map((post) => post.title)).toEqual(titles.slice(0, 2));
    expect(first.body.next_token).toEqual(expect.any(String));
    const second = await t.request<AuthorPageJson>('GET', `/authors/page-author?limit=2&next_token=${encodeURIComponent(first.body.next_token ?? '')}`);
    expect(second.body.posts.map((post) => post.title)).toEqual(titles.slice(2));
    expect(second.body.next_token).toBeNull();
    expect(JSON.stringify([first.body, second.body])).not.toContain('page.author@example.com');
    expect(first.headers.get('cache-control')).toContain('public');
  });

  it('is 404 for a slug no author holds, and for a member of staff without a name', async () => {
    expect((await t.request('GET', '/authors/no-such-author')).status).toBe(404);
    const unnamed = await member('no.name@example.com', 'editor', 'No Name');
    await t.request('PUT', '/admin/account/profile', { token: unnamed.token, body: { name: '', email: 'no.name@example.com' } });
    expect((await t.request('GET', '/authors/no-name')).status).toBe(404);
  });
});
