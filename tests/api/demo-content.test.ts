/**
 * The demo content points at raster covers of the site's own: a WebP file
 * of 1200×675 for every post and resource, one picture each.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let covers: string[] = [];

beforeAll(async () => {
  await t.handle.db.transaction().execute((trx) => seedDemoContent(trx));
  const posts = await t.handle.db.selectFrom('posts').select('cover_image').execute();
  const resources = await t.handle.db.selectFrom('resources').select('cover_image').execute();
  covers = [...posts, ...resources].map((row) => row.cover_image ?? '');
});

describe('the demo content', () => {
  it('has a distinct WebP cover of 1200×675 on disk for each item', async () => {
    expect(covers.length).toBeGreaterThanOrEqual(10);
    expect(new Set(covers).size).toBe(covers.length);
    for (const cover of covers) {
      expect(cover).toMatch(/^\/images\/demo\/[a-z-]+\.webp$/);
      const bytes = await readFile(path.join('public', cover));
      expect(await sharp(bytes).metadata(), cover).toMatchObject({ format: 'webp', width: 1200, height: 675 });
      expect(bytes.length, cover).toBeLessThan(100 * 1024);
    }
  });

  it('keeps the SVG covers that sites seeded before still point at', async () => {
    for (const cover of covers) {
      const svg = await readFile(path.join('public', cover.replace(/\.webp$/, '.svg')), 'utf8');
      expect(svg).toMatch(/^<svg /);
    }
  });
});
