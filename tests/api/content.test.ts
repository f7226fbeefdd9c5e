/**
 * What posts and resources have in common over the API, run for each kind:
 * the public reads, the admin CRUD's refusals, versions, deletion and
 * paging. What only one kind has is in posts.test.ts and resources.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../server/db/paging.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, CONTENT_KINDS, contentHelpers, ids, newestFirst, summaryOf, type ContentItem } from './content-kinds.ts';

const KB = 1024;

/** Payload problems both kinds refuse alike, with the field's own message. */
const INVALID_PAYLOADS: { name: string; change: (body: Record<string, unknown>) => void; message: string }[] = [
  { name: 'a missing title', change: (body) => delete body.title, message: 'Title is required' },
  { name: 'a blank title', change: (body) => (body.title = '   '), message: 'Title is required' },
  { name: 'a title over 300 characters', change: (body) => (body.title = 'T'.repeat(301)), message: 'Title must be at most 300 characters' },
  { name: 'a missing slug', change: (body) => delete body.slug, message: 'Slug is required' },
  { name: 'a missing content', change: (body) => delete body.content, message: 'Content is required' },
  { name: 'an empty content', change: (body) => (body.content = ''), message: 'Content is required' },
  { name: 'an unknown status', change: (body) => (body.status = 'archived'), message: 'Status must be draft or published' },
  ...[2.5, -1, '5', 'five'].map((readTime) => ({
    name: `the read time ${JSON.stringify(readTime)}`,
    change: (body: Record<string, unknown>) => (body.read_time = readTime),
    message: 'Read time must be a whole number of minutes',
  })),
  ...['Solar Lantern', 'solar--lantern', '-leading-hyphen'].map((slug) => ({
    name: `the slug ${JSON.stringify(slug)}`,
    change: (body: Record<string, unknown>) => (body.slug = slug),
    message: 'Slug may only contain lowercase letters, digits and single hyphens',
  })),
  ...['resources', 'admin'].map((slug) => ({
    name: `the reserved slug ${JSON.stringify(slug)}`,
    change: (body: Record<string, unknown>) => (body.slug = slug),
    message: 'Slug is reserved by the site; choose another',
  })),
  ...['javascript:alert(1)', 'data:image/png;base64,AAAA'].map((cover) => ({
    name: `the cover image ${JSON.stringify(cover)}`,
    change: (body: Record<string, unknown>) => (body.cover_image = cover),
    message: 'Cover image must be an uploaded image (/uploads/…), an image of this site (/images/…) or an https:// address',
  })),
  // Paths a browser resolves to another site: an off-site og:image.
  ...['/\\evil.example/x.png', '//evil.example/x.png', '/\\/evil.example/x.png', '/uploads\\..\\x.png'].map((cover) => ({
    name: `the cover image ${JSON.stringify(cover)}`,
    change: (body: Record<string, unknown>) => (body.cover_image = cover),
    message: 'Cover image must be an uploaded image (/uploads/…), an image of this site (/images/…) or an https:// address',
  })),
  {
    name: 'the cover image "/\\t/evil.example/x.png"',
    change: (body: Record<string, unknown>) => (body.cover_image = '/\t/evil.example/x.png'),
    message: 'Cover image must be a single line, without line breaks or control characters',
  },
];

describe.each(CONTENT_KINDS)('$label', (kind) => {
  const t = useTestApp();
  const { payload, findRow, setPublishedAt, create, count, walkPages } = contentHelpers(t, kind);
  const notFound = { error: 'NOT_FOUND', message: `${kind.label} not found` };
  const list = async (path: string, options: { admin?: boolean } = {}) =>
    t.request('GET', path, options.admin ? { token: await t.adminToken() } : {});

  describe('public reads', () => {
    it('never lists drafts, whatever the status parameter asks for', async () => {
      const published = await create();
      const draft = await create({ status: 'draft' });
      for (const query of ['', '?status=draft', '?status=all']) {
        const response = await list(`${kind.publicPath}${query}`);
        expect(response.status).toBe(200);
        expect(ids(response.body[kind.listKey])).toEqual([published.id]);
        expect(ids(response.body[kind.listKey])).not.toContain(draft.id);
      }
    });

    it('answers an empty list with a null next_token when nothing is published', async () => {
      await create({ status: 'draft' });
      const response = await list(kind.publicPath);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ [kind.listKey]: [], next_token: null });
    });

    it.each([
      ['pageSize', 'abc'],
      ['pageSize', '0'],
      ['pageSize', '-3'],
      ['pageSize', '2.5'],
      ['limit', '-1'],
      ['limit', '1.5'],
    ])('refuses %s=%j with 400 naming the parameter', async (name, value) => {
      const response = await list(`${kind.publicPath}?${name}=${value}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: `${name} must be a positive whole number` });
    });

    it('answers 404 with the error JSON for a draft and for an unknown slug', async () => {
      const draft = await create({ status: 'draft' });
      for (const slug of [draft.slug, 'no-such-slug']) {
        const response = await list(`${kind.publicPath}/${slug}`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(notFound);
      }
    });
  });

  describe('the admin API without a valid token', () => {
    it('refuses every call without a token with 401 and stores nothing', async () => {
      const item = await create();
      const calls: [string, string, unknown?][] = [
        ['GET', kind.adminPath],
        ['GET', `${kind.adminPath}/${item.id}`],
        ['POST', kind.adminPath, payload()],
        ['PUT', `${kind.adminPath}/${item.id}`, { ...payload({ slug: item.slug, title: 'Hijacked' }), version: 1 }],
        ['DELETE', `${kind.adminPath}/${item.id}`],
      ];
      for (const [method, path, body] of calls) {
        const response = await t.request(method, path, { body });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
      expect(await count()).toBe(1);
      expect(await findRow(item.id)).toMatchObject({ title: item.title, version: 1 });
    });

    it('refuses a malformed or forged token with 401', async () => {
      const [header, claims, signature = ''] = (await t.adminToken()).split('.');
      const forgedSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      for (const badToken of ['not-a-token', `${header}.${claims}.${forgedSignature}`]) {
        const response = await t.request('POST', kind.adminPath, { token: badToken, body: payload() });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'INVALID_TOKEN', message: 'Your session has expired. Please sign in again.' });
      }
      expect(await count()).toBe(0);
    });
  });

  describe('request bodies', () => {
    it.each(INVALID_PAYLOADS)('refuses $name with 400 and stores nothing', async ({ change, message }) => {
      const body = payload();
      change(body);
      const response = await t.request('POST', kind.adminPath, { token: await t.adminToken(), body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
      expect(await count()).toBe(0);
    });

    it('answers 415 for a body not declared as JSON and stores nothing', async () => {
      const response = await t.request('POST', kind.adminPath, {
        token: await t.adminToken(),
        rawBody: JSON.stringify(payload()),
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' });
      expect(await count()).toBe(0);
    });

    it('answers 400 for malformed JSON, and for JSON that is not an object, storing nothing', async () => {
      const broken = await t.request('POST', kind.adminPath, {
        token: await t.adminToken(),
        rawBody: '{"title": "Broken",',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ error: 'INVALID_JSON', message: 'The request body is not valid JSON' });
      const array = await t.request('POST', kind.adminPath, { token: await t.adminToken(), body: [payload()] });
      expect(array.status).toBe(400);
      expect(array.body).toEqual({ error: 'INVALID_JSON', message: 'The request body must be a JSON object' });
      expect(await count()).toBe(0);
    });

    it('refuses a body over 1 MB with 413 and stores nothing', async () => {
      const response = await t.request('POST', kind.adminPath, {
        token: await t.adminToken(),
        body: payload({ content: 'x'.repeat(1100 * KB) }),
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1024 KB' });
      expect(await count()).toBe(0);
    });

    it('accepts an article larger than the 100 KB limit of other calls', async () => {
      const content = 'word '.repeat(40 * KB);
      const item = await create({ content });
      expect(item.content).toBe(content.trim());
      expect((await findRow(item.id))?.content).toHaveLength(content.trim().length);
    });
  });

  describe('one item in the admin API', () => {
    it('returns a draft with its content, never to be stored by a cache', async () => {
      const draft = await create({ status: 'draft' });
      const response = await t.request('GET', `${kind.adminPath}/${draft.id}`, { token: await t.adminToken() });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(draft);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('answers 404 for an unknown, malformed or out-of-range id', async () => {
      for (const id of ['999999', 'abc', '0', '2147483648', '99999999999999999999']) {
        for (const method of ['GET', 'DELETE']) {
          const response = await t.request(method, `${kind.adminPath}/${id}`, { token: await t.adminToken() });
          expect(response.status, `${method} ${id}`).toBe(404);
          expect(response.body).toEqual(notFound);
        }
      }
    });

    it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
      const item = await create();
      const edit = async (title: string) =>
        t.request('PUT', `${kind.adminPath}/${item.id}`, {
          token: await t.adminToken(),
          body: { ...payload({ slug: item.slug, title }), version: 1 },
        });
      expect((await edit('First edit')).status).toBe(200);
      const rowBefore = await findRow(item.id);
      const stale = await edit('Second edit');
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({
        error: 'VERSION_CONFLICT',
        message: `This ${kind.name} was changed by someone else. Reload it to see the latest version, then apply your changes again.`,
      });
      expect(await findRow(item.id)).toEqual(rowBefore);
      expect(rowBefore).toMatchObject({ title: 'First edit', version: 2 });
    });

    it('saves an item under its own slug without a conflict', async () => {
      const item = await create();
      const response = await t.request('PUT', `${kind.adminPath}/${item.id}`, {
        token: await t.adminToken(),
        body: { ...payload({ slug: item.slug, title: 'Same slug' }), version: 1 },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ slug: item.slug, title: 'Same slug', version: 2 });
    });

    it('refuses an update without a version, or with one that is not a whole number in range, with 400', async () => {
      const item = await create();
      const put = async (version: unknown) =>
        t.request('PUT', `${kind.adminPath}/${item.id}`, {
          token: await t.adminToken(),
          body: { ...payload({ slug: item.slug, title: 'Odd version' }), ...(version === undefined ? {} : { version }) },
        });
      const missing = await put(undefined);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version is required' });
      for (const version of [1.5, -1, 2_147_483_648]) {
        const response = await put(version);
        expect(response.status, String(version)).toBe(400);
        expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Version must be a whole number' });
      }
      expect(await findRow(item.id)).toMatchObject({ title: item.title, version: 1 });
    });

    it('answers 404 for an update of an unknown item', async () => {
      for (const id of ['999999', '2147483648']) {
        const response = await t.request('PUT', `${kind.adminPath}/${id}`, {
          token: await t.adminToken(),
          body: { ...payload(), version: 1 },
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual(notFound);
      }
      expect(await count()).toBe(0);
    });

    it('deletes an item with 204, then answers 404, also on the public site', async () => {
      const item = await create();
      const kept = await create();
      const response = await t.request('DELETE', `${kind.adminPath}/${item.id}`, { token: await t.adminToken() });
      expect(response.status).toBe(204);
      expect(response.body).toBe('');
      expect(await findRow(item.id)).toBeUndefined();
      expect(await findRow(kept.id)).toMatchObject({ id: kept.id, title: kept.title });
      for (const method of ['DELETE', 'GET']) {
        const again = await t.request(method, `${kind.adminPath}/${item.id}`, { token: await t.adminToken() });
        expect(again.status).toBe(404);
        expect(again.body).toEqual(notFound);
      }
      expect((await list(`${kind.publicPath}/${item.slug}`)).status).toBe(404);
    });
  });

  describe('paging', () => {
    // 45 published items over 15 distinct seconds, three per second, so that
    // ties on published_at fall across page boundaries and must be broken by id.
    async function createPagingItems(): Promise<ContentItem[]> {
      const items: ContentItem[] = [];
      for (let i = 0; i < 45; i += 1) {
        items.push(await create({}, BASE_TIME + ((i * 7) % 15)));
        if (i % 10 === 0) await create({ status: 'draft' });
      }
      return items;
    }

    it('walks 45 published items with next_token: newest first, no duplicates, no gaps', async () => {
      const expected = (await createPagingItems()).map(summaryOf).sort(newestFirst);
      // The data must put equal published_at values on both sides of a page break.
      expect(expected[19]?.published_at).toBe(expected[20]?.published_at);
      expect(expected[39]?.published_at).toBe(expected[40]?.published_at);
      const pages = await walkPages(kind.publicPath, { tokenParam: 'nextToken' });
      expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
      expect(new Set(ids(pages.flat())).size).toBe(45);
      expect(pages.flat()).toEqual(expected);
    });

    it('takes the page size from limit as well as pageSize, and ends with a null token on an exactly full page', async () => {
      await createPagingItems();
      for (const parameter of ['pageSize', 'limit']) {
        const pages = await walkPages(`${kind.publicPath}?${parameter}=15`, { tokenParam: 'nextToken' });
        expect(pages.map((page) => page.length)).toEqual([15, 15, 15]);
      }
    });

    it('keeps the next page stable when items are published between two requests', async () => {
      const expected = (await createPagingItems()).map(summaryOf).sort(newestFirst);
      const first = await list(`${kind.publicPath}?pageSize=10`);
      expect(ids(first.body[kind.listKey])).toEqual(ids(expected.slice(0, 10)));

      // A newer item would shift an offset-based second page by one.
      const newest = await create();
      const second = await list(`${kind.publicPath}?pageSize=10&nextToken=${encodeURIComponent(first.body.next_token ?? '')}`);
      expect(second.status).toBe(200);
      expect(ids(second.body[kind.listKey])).toEqual(ids(expected.slice(10, 20)));
      expect(ids(second.body[kind.listKey])).not.toContain(newest.id);

      // An older one lands where it belongs, on a later page.
      const older = await create({}, BASE_TIME - 1);
      const rest = await walkPages(`${kind.publicPath}?pageSize=10`, { tokenParam: 'nextToken', startToken: second.body.next_token });
      expect(ids(rest.flat())).toEqual([...ids(expected.slice(20)), older.id]);
      const fresh = await walkPages(kind.publicPath, { tokenParam: 'nextToken' });
      expect(ids(fresh.flat())).toEqual([newest.id, ...ids(expected), older.id]);
    });

    it('pages within a category', async () => {
      const tech: ContentItem[] = [];
      for (let i = 0; i < 5; i += 1) {
        tech.push(await create(kind.inCategory('tech'), BASE_TIME));
        await create(kind.inCategory('funding'), BASE_TIME);
      }
      const pages = await walkPages(`${kind.publicPath}?${kind.categoryQuery('tech')}&pageSize=2`, { tokenParam: 'nextToken' });
      expect(pages.map(ids)).toEqual([[tech[4]?.id, tech[3]?.id], [tech[2]?.id, tech[1]?.id], [tech[0]?.id]]);
    });

    it('serves 20 items by default and at most 100 per page', async () => {
      const rows = Array.from({ length: 105 }, (_, i) => ({
        slug: `bulk-${i}`,
        title: `Bulk ${i}`,
        content: 'Body',
        status: 'published' as const,
        published_at: BASE_TIME + i,
        created_at: BASE_TIME + i,
        updated_at: BASE_TIME + i,
        ...kind.extraColumns,
      }));
      await t.handle.db.insertInto(kind.table).values(rows).execute();
      const slugs = (body: Record<string, { slug: string }[]>) => body[kind.listKey]?.map((item) => item.slug);

      const byDefault = await list(kind.publicPath);
      expect(byDefault.status).toBe(200);
      expect(slugs(byDefault.body)).toEqual(Array.from({ length: 20 }, (_, i) => `bulk-${104 - i}`));
      const capped = await list(`${kind.publicPath}?pageSize=1000`);
      expect(capped.status).toBe(200);
      expect(slugs(capped.body)).toHaveLength(100);
      expect(slugs(capped.body)?.at(-1)).toBe('bulk-5');
      const last = await list(`${kind.publicPath}?pageSize=1000&nextToken=${encodeURIComponent(capped.body.next_token ?? '')}`);
      expect(slugs(last.body)).toEqual(['bulk-4', 'bulk-3', 'bulk-2', 'bulk-1', 'bulk-0']);
      expect(last.body.next_token).toBeNull();
    });

    it('refuses an invalid next_token with 400 INVALID_CURSOR', async () => {
      await create();
      const badTokens = [
        'garbage',
        Buffer.from('{"published_at":1}').toString('base64url'),
        Buffer.from('[1700000000.5,3]').toString('base64url'),
        Buffer.from('[1700000000,-3]').toString('base64url'),
        Buffer.from('[1700000000,2147483648]').toString('base64url'),
        'A'.repeat(201),
      ];
      for (const bad of badTokens) {
        for (const [path, admin] of [
          [`${kind.publicPath}?nextToken=${bad}`, false],
          [`${kind.adminPath}?next_token=${bad}`, true],
        ] as const) {
          const response = await list(path, { admin });
          expect(response.status, path).toBe(400);
          expect(response.body).toEqual({ error: 'INVALID_CURSOR', message: 'next_token is not a valid paging token' });
        }
      }
    });

    it('accepts a well-formed token for a position that no longer exists', async () => {
      const item = await create({}, BASE_TIME);
      const response = await list(`${kind.publicPath}?nextToken=${encodeCursor({ key: BASE_TIME + 1, id: 1 })}`);
      expect(response.status).toBe(200);
      expect(ids(response.body[kind.listKey])).toEqual([item.id]);
    });

    it('lists drafts too in the admin list, newest created first, paged with limit and next_token', async () => {
      const created: ContentItem[] = [];
      for (let i = 0; i < 25; i += 1) created.push(await create({ status: i % 2 === 0 ? 'draft' : 'published' }));
      const pages = await walkPages(`${kind.adminPath}?limit=10`, { tokenParam: 'next_token', admin: true });
      expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(created.map(summaryOf).reverse());
      expect(pages.flat().filter((item) => item.status === 'draft')).toHaveLength(13);
    });

    it('serves the admin list 20 at a time by default', async () => {
      for (let i = 0; i < 21; i += 1) await create({ status: 'draft' });
      const response = await list(kind.adminPath, { admin: true });
      expect(response.status).toBe(200);
      expect(response.body[kind.listKey]).toHaveLength(20);
      expect(typeof response.body.next_token).toBe('string');
    });
  });

  // Keeps the helpers honest: a published date set by a test is the one listed.
  it('lists an item at the publication date a test gives it', async () => {
    const item = await setPublishedAt(await create(), BASE_TIME);
    const response = await list(kind.publicPath);
    expect(response.body[kind.listKey]).toEqual([summaryOf(item)]);
  });
});
