/**
 * What a post's or resource's cover may be (docs/decisions/044): an upload's
 * canonical path, an image of this site, or an https address; this site's
 * absolute addresses are stored as paths. Anything else is refused with 400
 * naming the field, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';
import { CONTENT_KINDS, contentHelpers } from './content-kinds.ts';

// The test app's PUBLIC_URL.
const SITE = 'http://localhost';

const REFUSED = [
  '/uploads/uploads/../../secret.png',
  '/uploads/2026/../../data/app.db',
  '/uploads/%2e%2e/%2e%2e/secret.png',
  '/uploads/%2E%2E%2Fsecret.png',
  '/uploads/..%2fsecret.png',
  '/uploads\\..\\secret.png',
  '/uploads//etc/passwd',
  '/uploads/./x.png',
  '/uploads/',
  '/etc/passwd',
  '/build/server/index.js',
  '//evil.example/x.png',
  `${SITE}/uploads/../../secret.png`,
  `${SITE}/uploads/%2e%2e/secret.png`,
  `${SITE}/api/admin/posts`,
  'http://cdn.example.com/x.png',
  'file:///etc/passwd',
  'javascript:alert(1)',
];

describe.each(CONTENT_KINDS)('the cover of a $name', (kind) => {
  const t = useTestApp();
  const { payload, findRow, count, create } = contentHelpers(t, kind);

  it.each(REFUSED)('%s is refused on create with 400 naming the field, and nothing is stored', async (cover) => {
    const response = await t.request('POST', kind.adminPath, { token: await t.adminToken(), body: payload({ cover_image: cover }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringMatching(/^Cover image must be/) });
    expect(await count()).toBe(0);
  });

  it('a refused cover on an edit changes nothing', async () => {
    const item = await create({ cover_image: '/uploads/2026/11/0123456789abcdef01234567-cover.png' });
    const before = await findRow(item.id);
    const response = await t.request('PUT', `${kind.adminPath}/${item.id}`, {
      token: await t.adminToken(),
      body: { ...payload({ slug: item.slug }), cover_image: '/uploads/uploads/../../secret.png', version: item.version },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('VALIDATION_FAILED');
    expect(response.body.message).toMatch(/^Cover image must be/);
    expect(await findRow(item.id)).toEqual(before);
  });

  it.each([
    ['/uploads/2026/11/0123456789abcdef01234567-cover.png', '/uploads/2026/11/0123456789abcdef01234567-cover.png'],
    ['/images/demo/solar-backpack.webp', '/images/demo/solar-backpack.webp'],
    [`${SITE}/uploads/2026/11/0123456789abcdef01234567-cover.png`, '/uploads/2026/11/0123456789abcdef01234567-cover.png'],
    [`${SITE}/images/demo/indie-film.webp?size=large`, '/images/demo/indie-film.webp'],
    ['https://cdn.example.com/lantern.jpg', 'https://cdn.example.com/lantern.jpg'],
  ])('%s is stored as %s', async (cover, stored) => {
    const item = await create({ cover_image: cover });
    expect(item.cover_image).toBe(stored);
    expect((await findRow(item.id))?.cover_image).toBe(stored);
  });
});
