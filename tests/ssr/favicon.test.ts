/**
 * Browsers and feed readers ask for /favicon.ico whatever the page links
 * to: it answers the site's icon (the mark of public/favicon.svg) rather
 * than the not-found page, cached like the other files of public/.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PUBLIC_FILE_CACHE_CONTROL } from '../../server/pages.ts';
import { useSiteApp } from './site-app.ts';

const { site } = useSiteApp();

/** The images of an ICO file: its directory's sizes and each image's bytes. */
function icoImages(bytes: Buffer): { size: number; data: Buffer }[] {
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    return { size: bytes.readUInt8(entry) || 256, data: bytes.subarray(offset, offset + length) };
  });
}

describe('/favicon.ico', () => {
  it("answers the site's icon at 16, 32 and 48 pixels, cached for an hour", async () => {
    const response = await site.get('/favicon.ico', { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_FILE_CACHE_CONTROL);

    const images = icoImages(Buffer.from(await response.arrayBuffer()));
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const image of images) {
      const decoded = await sharp(image.data).raw().toBuffer({ resolveWithObject: true });
      expect(decoded.info).toMatchObject({ width: image.size, height: image.size });
      // The mark's teal at the middle of its left edge, as on the SVG icon.
      const pixel = (Math.floor(image.size / 2) * image.size + 1) * decoded.info.channels;
      expect([...decoded.data.subarray(pixel, pixel + 3)]).toEqual([0x0f, 0x76, 0x6e]);
    }
  });
});
