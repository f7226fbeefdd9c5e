/**
 * On the first start the demo covers become uploads (decision 076): each
 * demo row's `/images/demo/…` cover is stored as an upload, the rows point
 * at it, and its resized copies are made and served like those of a cover
 * the owner uploads, cached for good. A cover that cannot be read stays the
 * site's own image. Runs on SQLite and on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
/** The demo rows' covers as seeded: the site's own images. */
let seededCovers: Map<string, string>;
/** One cover the site cannot find, so it must stay as it was. */
let missing: string;

const coversBySlug = async () => {
  const rows = [
    ...(await t.handle.db.selectFrom('posts').select(['slug', 'cover_image']).execute()),
    ...(await t.handle.db.selectFrom('resources').select(['slug', 'cover_image']).execute()),
  ];
  return new Map(rows.map((row) => [row.slug, row.cover_image ?? '']));
};

beforeAll(async () => {
  await t.handle.db.transaction().execute((trx) => seedDemoContent(trx));
  seededCovers = await coversBySlug();
  missing = [...seededCovers.values()][0] ?? '';
});

describe('the demo covers on a first start', () => {
  it('become uploads, with sized copies served like an upload’s, and a cover not found stays the site’s image', async () => {
    const distinct = new Set(seededCovers.values());
    const moved = await t.services.demoContent.moveCoversToUploads(async (address) =>
      address === missing ? null : readFile(path.join('public', address)),
    );
    expect(moved).toBe(distinct.size - 1);

    const now = await coversBySlug();
    const newKeys = new Map<string, string>();
    for (const [slug, before] of seededCovers) {
      const after = now.get(slug) ?? '';
      if (before === missing) {
        expect(after, slug).toBe(missing);
        continue;
      }
      expect(after, slug).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f]{24}-${path.basename(before, '.webp')}\\.webp$`));
      // Two rows that shared a cover share its upload.
      expect(newKeys.get(before) ?? after, slug).toBe(after);
      newKeys.set(before, after);
    }

    await t.services.media.whenIdle();
    const [cover] = [...newKeys.values()];
    const media = await t.handle.db.selectFrom('media').selectAll().where('s3_key', '=', cover?.slice(1) ?? '').executeTakeFirstOrThrow();
    expect(media).toMatchObject({ state: 'ready', uploaded_by: null, content_type: 'image/webp' });
    const copy = await t.app.request(`http://localhost${cover}.w480.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
    const original = await t.app.request(`http://localhost${cover}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('moves nothing a second time: only covers that are still the site’s images are looked at', async () => {
    const before = await coversBySlug();
    const moved = await t.services.demoContent.moveCoversToUploads(async (address) => (address === missing ? null : readFile(path.join('public', address))));
    expect(moved).toBe(0);
    expect(await coversBySlug()).toEqual(before);
  });
});
