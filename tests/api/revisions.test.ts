/**
 * Revisions of posts and resources, run for each kind: every save keeps the
 * state it replaces (who, when, the whole content), the list and one
 * revision, restoring one as a new save (version checked, slug checked, a
 * revision of its own), pruning to the newest 50, and deletion with the item.
 */
import { describe, expect, it } from 'vitest';
import type { ContentRevisionJson, ContentRevisionListJson, RevisionFields } from '../../common/answers.ts';
import { REVISIONS_KEPT } from '../../server/services/content/content.ts';
import { ADMIN_EMAIL, useTestApp } from '../helpers/test-app.ts';
import { CONTENT_KINDS, contentHelpers, type ContentItem } from './content-kinds.ts';

const SHARED_FIELDS = ['title', 'slug', 'excerpt', 'content', 'cover_image', 'read_time', 'status', 'published_at'] as const;
const OWN_FIELDS = { post: ['campaign_url', 'campaign', 'sponsored', 'review', 'category_ids'], resource: ['category_id'] } as const;

describe.each(CONTENT_KINDS)('$label revisions', (kind) => {
  const t = useTestApp();
  const { findRow, create } = contentHelpers(t, kind);
  const other = CONTENT_KINDS.find((candidate) => candidate !== kind) ?? kind;

  /** The editable fields of an item as the API answered it: what a revision must hold. */
  const fieldsOf = (item: ContentItem): RevisionFields => {
    const fields = [...SHARED_FIELDS, ...OWN_FIELDS[kind.name]];
    return Object.fromEntries(fields.map((field) => [field, (item as unknown as Record<string, unknown>)[field]])) as unknown as RevisionFields;
  };

  const adminId = async (email = ADMIN_EMAIL) =>
    (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  const revisionRows = (id: number) =>
    t.handle.db
      .selectFrom('content_revisions')
      .selectAll()
      .where('content_type', '=', kind.name)
      .where('content_id', '=', id)
      .orderBy('id', 'desc')
      .execute();

  async function edit(item: ContentItem, changes: Record<string, unknown>, token?: string) {
    const response = await t.request<ContentItem>('PUT', `${kind.adminPath}/${item.id}`, {
      token: token ?? (await t.adminToken()),
      body: { ...fieldsOf(item), ...changes, version: item.version },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  const list = async (id: number) => {
    const response = await t.request<ContentRevisionListJson>('GET', `${kind.adminPath}/${id}/revisions`, { token: await t.adminToken() });
    expect(response.status).toBe(200);
    return response.body.revisions;
  };

  const restore = async (id: number, revisionId: number, body: unknown) =>
    t.request<ContentItem>('POST', `${kind.adminPath}/${id}/revisions/${revisionId}/restore`, { token: await t.adminToken(), body });

  it('keeps the state every save replaces, with who saved over it and when', async () => {
    const first = await create({ title: 'First title', ...kind.inCategory('tech') });
    expect(await list(first.id)).toEqual([]);

    const before = Math.floor(Date.now() / 1000);
    const second = await edit(first, { title: 'Second title', content: 'Rewritten body.', ...kind.inCategory('funding') });
    const third = await edit(second, { title: 'Third title', status: 'draft' });
    const after = Math.floor(Date.now() / 1000);
    expect(third.version).toBe(3);

    const revisions = await list(first.id);
    expect(revisions).toEqual([
      { id: expect.any(Number), version: 2, saved_at: expect.any(Number), saved_by_email: ADMIN_EMAIL, title: 'Second title', status: 'published' },
      { id: expect.any(Number), version: 1, saved_at: expect.any(Number), saved_by_email: ADMIN_EMAIL, title: 'First title', status: 'published' },
    ]);
    for (const revision of revisions) {
      expect(revision.saved_at).toBeGreaterThanOrEqual(before);
      expect(revision.saved_at).toBeLessThanOrEqual(after);
    }

    const oldest = await t.request<ContentRevisionJson>('GET', `${kind.adminPath}/${first.id}/revisions/${revisions[1]?.id}`, {
      token: await t.adminToken(),
    });
    expect(oldest.status).toBe(200);
    expect(oldest.body).toEqual({
      ...revisions[1],
      content_type: kind.name,
      content_id: first.id,
      saved_by: await adminId(),
      fields: fieldsOf(first),
    });
    const newest = await t.request<ContentRevisionJson>('GET', `${kind.adminPath}/${first.id}/revisions/${revisions[0]?.id}`, {
      token: await t.adminToken(),
    });
    expect(newest.body.fields).toEqual(fieldsOf(second));
  });

  it('names whoever saved, and keeps the revision when that account is gone', async () => {
    await t.createUserWithRole('second-admin@example.com', 'another long password', 'admin');
    const token = (await t.login('second-admin@example.com', 'another long password')).access_token;
    const item = await create();
    await edit(item, { title: 'Edited by the second admin' }, token);
    const [revision] = await list(item.id);
    expect(revision).toMatchObject({ version: 1, saved_by_email: 'second-admin@example.com', title: item.title });

    const userId = await adminId('second-admin@example.com');
    await t.handle.db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    await t.handle.db.deleteFrom('users').where('id', '=', userId).execute();
    const [kept] = await list(item.id);
    expect(kept).toMatchObject({ id: revision?.id, saved_by_email: null });
  });

  it('keeps nothing for a refused save', async () => {
    const item = await create();
    const token = await t.adminToken();
    const invalid = await t.request('PUT', `${kind.adminPath}/${item.id}`, { token, body: { ...fieldsOf(item), title: '', version: 1 } });
    expect(invalid.status).toBe(400);
    await edit(item, { title: 'Accepted' });
    const stale = await t.request('PUT', `${kind.adminPath}/${item.id}`, { token, body: { ...fieldsOf(item), title: 'Stale', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await revisionRows(item.id)).map((row) => row.version)).toEqual([1]);
  });

  it('restores a revision as a new save, which keeps the state it replaced', async () => {
    const first = await create({ title: 'Original title', excerpt: 'Original excerpt.', ...kind.inCategory('tech') });
    const second = await edit(first, { title: 'Changed title', excerpt: null, read_time: 12, ...kind.inCategory('funding') });
    const [revision] = await list(first.id);

    const restored = await restore(first.id, revision?.id ?? 0, { version: second.version });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ ...fieldsOf(first), id: first.id, version: 3 });
    const stored = await t.request<ContentItem>('GET', `${kind.adminPath}/${first.id}`, { token: await t.adminToken() });
    expect(fieldsOf(stored.body)).toEqual(fieldsOf(first));
    expect(stored.body.version).toBe(3);

    // The restore is a save like any other: the state it replaced is kept, nothing is lost.
    const revisions = await list(first.id);
    expect(revisions.map((item) => [item.version, item.title])).toEqual([
      [2, 'Changed title'],
      [1, 'Original title'],
    ]);
    const replaced = await t.request<ContentRevisionJson>('GET', `${kind.adminPath}/${first.id}/revisions/${revisions[0]?.id}`, {
      token: await t.adminToken(),
    });
    expect(replaced.body.fields).toEqual(fieldsOf(second));
  });

  it('gives a renamed published item its old address back when restored', async () => {
    const item = await create();
    const renamed = await edit(item, { slug: `${item.slug}-renamed` });
    const [revision] = await list(item.id);
    const restored = await restore(item.id, revision?.id ?? 0, { version: renamed.version });
    expect(restored.status).toBe(200);
    expect(restored.body.slug).toBe(item.slug);
    expect((await t.request('GET', `${kind.publicPath}/${item.slug}`)).status).toBe(200);
    expect((await t.request('GET', `${kind.publicPath}/${item.slug}-renamed`)).status).toBe(404);
  });

  it('refuses a restore with a stale version with 409 and changes nothing', async () => {
    const first = await create({ title: 'Version one' });
    const second = await edit(first, { title: 'Version two' });
    await edit(second, { title: 'Version three' });
    const revisionsBefore = await list(first.id);
    const oldest = revisionsBefore.at(-1);

    const response = await restore(first.id, oldest?.id ?? 0, { version: second.version });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: 'VERSION_CONFLICT' });
    expect(await findRow(first.id)).toMatchObject({ title: 'Version three', version: 3 });
    expect(await list(first.id)).toEqual(revisionsBefore);
  });

  it('refuses a restore whose slug another item now holds with 409 SLUG_TAKEN, changing nothing', async () => {
    const item = await create({ status: 'draft' });
    const oldSlug = item.slug;
    const renamed = await edit(item, { slug: `${oldSlug}-renamed` });
    // Another item, of the other kind, takes the freed slug.
    const taken = await t.request('POST', other.adminPath, { token: await t.adminToken(), body: other.payload(oldSlug) });
    expect(taken.status).toBe(201);

    const [revision] = await list(item.id);
    const response = await restore(item.id, revision?.id ?? 0, { version: renamed.version });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: 'SLUG_TAKEN' });
    expect(await findRow(item.id)).toMatchObject({ slug: `${oldSlug}-renamed`, version: 2 });
    expect(await list(item.id)).toHaveLength(1);
    await t.handle.db.deleteFrom(other.table).execute();
  });

  it('answers 404 for an unknown revision, one of another item, and an unknown item', async () => {
    const item = await create();
    const edited = await edit(item, { title: 'Edited once' });
    const otherItem = await create();
    await edit(otherItem, { title: 'Other edited' });
    const [foreign] = await list(otherItem.id);
    const token = await t.adminToken();
    const revisionMissing = { error: 'NOT_FOUND', message: 'Revision not found' };

    for (const revisionId of [foreign?.id ?? 0, 999_999, 'abc']) {
      const read = await t.request('GET', `${kind.adminPath}/${item.id}/revisions/${revisionId}`, { token });
      expect(read.status, String(revisionId)).toBe(404);
      expect(read.body).toEqual(revisionMissing);
      const restored = await t.request('POST', `${kind.adminPath}/${item.id}/revisions/${revisionId}/restore`, {
        token,
        body: { version: edited.version },
      });
      expect(restored.status, String(revisionId)).toBe(404);
      expect(restored.body).toEqual(revisionMissing);
    }
    // A revision of a post is not one of the resource with the same id, and the reverse.
    const crossKind = await t.request('GET', `${other.adminPath}/${item.id}/revisions/${foreign?.id}`, { token });
    expect(crossKind.status).toBe(404);

    const unknownItem = await t.request('GET', `${kind.adminPath}/999999/revisions`, { token });
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.body).toEqual({ error: 'NOT_FOUND', message: `${kind.label} not found` });
    expect(await findRow(item.id)).toMatchObject({ title: 'Edited once', version: 2 });
  });

  it('refuses a restore without a usable version with 400', async () => {
    const item = await create();
    await edit(item, { title: 'Edited' });
    const [revision] = await list(item.id);
    for (const body of [{}, { version: 'two' }]) {
      const response = await restore(item.id, revision?.id ?? 0, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
    expect(await findRow(item.id)).toMatchObject({ title: 'Edited', version: 2 });
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of each item`, async () => {
    expect(REVISIONS_KEPT).toBe(50);
    let item = await create({ title: 'Save 0' });
    const untouched = await create();
    await edit(untouched, { title: 'Untouched but edited once' });
    for (let save = 1; save <= REVISIONS_KEPT + 2; save += 1) item = await edit(item, { title: `Save ${save}` });
    expect(item.version).toBe(REVISIONS_KEPT + 3);

    const revisions = await list(item.id);
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    // Versions 1 and 2 went; 3 to 52 are kept, newest first.
    expect(revisions.map((revision) => revision.version)).toEqual(
      Array.from({ length: REVISIONS_KEPT }, (_, index) => REVISIONS_KEPT + 2 - index),
    );
    expect(revisions.at(-1)?.title).toBe('Save 2');
    expect(await revisionRows(item.id)).toHaveLength(REVISIONS_KEPT);
    // Another item's revisions are not counted against this one's.
    expect(await revisionRows(untouched.id)).toHaveLength(1);
  });

  it('deletes the revisions with the item', async () => {
    const item = await create();
    await edit(item, { title: 'Edited before deletion' });
    expect(await revisionRows(item.id)).toHaveLength(1);
    const deleted = await t.request('DELETE', `${kind.adminPath}/${item.id}`, { token: await t.adminToken() });
    expect(deleted.status).toBe(204);
    expect(await revisionRows(item.id)).toHaveLength(0);
  });

  it('refuses every revision call without a token with 401', async () => {
    const item = await create();
    const edited = await edit(item, { title: 'Edited' });
    const [revision] = await list(item.id);
    const calls: [string, string, unknown?][] = [
      ['GET', `${kind.adminPath}/${item.id}/revisions`],
      ['GET', `${kind.adminPath}/${item.id}/revisions/${revision?.id}`],
      ['POST', `${kind.adminPath}/${item.id}/revisions/${revision?.id}/restore`, { version: edited.version }],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
    }
    expect(await findRow(item.id)).toMatchObject({ title: 'Edited', version: 2 });
    expect(await revisionRows(item.id)).toHaveLength(1);
  });

  it('keeps a payload of its own kind only', async () => {
    const item = await create();
    await edit(item, { title: 'Kind check' });
    const [revision] = await list(item.id);
    const read = await t.request<ContentRevisionJson>('GET', `${kind.adminPath}/${item.id}/revisions/${revision?.id}`, {
      token: await t.adminToken(),
    });
    // Posts keep their campaign link, label and categories; resources their one category.
    expect(Object.keys(read.body.fields).sort()).toEqual([...SHARED_FIELDS, ...OWN_FIELDS[kind.name]].sort());
  });
});
