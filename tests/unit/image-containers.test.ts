import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateJpegQuality, hasExtraContainerData, isLosslessWebp } from '../../server/storage/image-containers.ts';
import { withoutPrivateMetadata } from '../../server/storage/image-metadata.ts';

const SECRET = 'Jane Doe, 51.5N 0.1W';

const picture = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#2a6f97' } });

/** Two 8×8 frames joined into an animation. */
async function animation(): Promise<Sharp> {
  const frame = (background: string) =>
    sharp({ create: { width: 8, height: 8, channels: 4, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } });
}

/** A PNG chunk with its length and checksum. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `chunk` put in just before IEND. */
function withPngChunk(png: Buffer, chunk: Buffer): Buffer {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** A JPEG segment `marker` put in right after SOI. */
function withJpegSegment(jpeg: Buffer, marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

/** A GIF extension block (one data sub-block) put in just before the trailer. */
function withGifExtension(gif: Buffer, label: number, data: Buffer): Buffer {
  const block = Buffer.concat([Buffer.from([0x21, label, data.length]), data, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), block, gif.subarray(gif.length - 1)]);
}

describe('hasExtraContainerData', () => {
  it('finds nothing in plain pictures of every format, animations and progressive JPEGs included', async () => {
    const animated = await animation();
    const files: [Buffer, 'jpg' | 'png' | 'gif' | 'webp'][] = [
      [await picture().jpeg().toBuffer(), 'jpg'],
      [await picture().jpeg({ progressive: true }).toBuffer(), 'jpg'],
      [await picture().withIccProfile('p3').jpeg().toBuffer(), 'jpg'],
      [await picture().png().toBuffer(), 'png'],
      [await picture().png({ palette: true }).toBuffer(), 'png'],
      [await picture().gif().toBuffer(), 'gif'],
      [await animated.clone().gif({ loop: 0 }).toBuffer(), 'gif'],
      [await picture().webp().toBuffer(), 'webp'],
      [await picture().webp({ lossless: true }).toBuffer(), 'webp'],
      [await animated.clone().webp().toBuffer(), 'webp'],
    ];
    for (const [bytes, extension] of files) expect(hasExtraContainerData(bytes, extension), extension).toBe(false);
  });

  it('finds JPEG comments, unknown APP segments and bytes after the end', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(hasExtraContainerData(withJpegSegment(jpeg, 0xfe, Buffer.from(SECRET)), 'jpg')).toBe(true);
    expect(hasExtraContainerData(withJpegSegment(jpeg, 0xe3, Buffer.from(SECRET)), 'jpg')).toBe(true);
    expect(hasExtraContainerData(withJpegSegment(jpeg, 0xe2, Buffer.from(`MPF\0${SECRET}`)), 'jpg')).toBe(true);
    expect(hasExtraContainerData(Buffer.concat([jpeg, Buffer.from(SECRET)]), 'jpg')).toBe(true);
    expect(hasExtraContainerData(jpeg.subarray(0, jpeg.length - 2), 'jpg')).toBe(true);
  });

  it('finds PNG text, time and private chunks, and bytes after IEND', async () => {
    const png = await picture().png().toBuffer();
    for (const type of ['tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf', 'prVt']) {
      expect(hasExtraContainerData(withPngChunk(png, pngChunk(type, Buffer.from(`Author\0${SECRET}`))), 'png'), type).toBe(true);
    }
    expect(hasExtraContainerData(Buffer.concat([png, Buffer.from(SECRET)]), 'png')).toBe(true);
  });

  it('finds GIF comments and unknown application blocks, but keeps the loop count', async () => {
    const gif = await picture().gif().toBuffer();
    expect(hasExtraContainerData(withGifExtension(gif, 0xfe, Buffer.from(SECRET)), 'gif')).toBe(true);
    expect(hasExtraContainerData(withGifExtension(gif, 0xff, Buffer.from('XMP DataXMP')), 'gif')).toBe(true);
    expect(hasExtraContainerData(withGifExtension(gif, 0xff, Buffer.from('NETSCAPE2.0')), 'gif')).toBe(false);
  });

  it('finds WebP EXIF, XMP and unknown chunks', async () => {
    const webp = await picture().withExif({ IFD0: { Artist: SECRET } }).webp().toBuffer();
    expect(hasExtraContainerData(webp, 'webp')).toBe(true);
  });
});

describe('estimateJpegQuality', () => {
  it('reads back the quality a JPEG was saved at', async () => {
    for (const quality of [30, 50, 75, 90, 95]) {
      const jpeg = await picture().jpeg({ quality }).toBuffer();
      expect(Math.abs((estimateJpegQuality(jpeg) ?? 0) - quality), `quality ${quality}`).toBeLessThanOrEqual(2);
    }
    expect(estimateJpegQuality(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});

describe('withoutPrivateMetadata', () => {
  it('rewrites a JPEG at about its own quality, so it keeps about its size', async () => {
    const noise = sharp({
      create: { width: 400, height: 300, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    });
    for (const quality of [40, 75]) {
      const jpeg = await noise.clone().withExif({ IFD0: { Artist: SECRET } }).jpeg({ quality }).toBuffer();
      const clean = await withoutPrivateMetadata(jpeg, 'jpg');
      expect(clean?.includes(SECRET)).toBe(false);
      expect(clean?.length ?? Infinity, `quality ${quality}`).toBeLessThan(jpeg.length * 1.1);
    }
  });

  it('rewrites a file whose only extra is one sharp does not report, and the secret is gone', async () => {
    const jpeg = withJpegSegment(await picture().jpeg().toBuffer(), 0xfe, Buffer.from(SECRET));
    const png = withPngChunk(await picture().png().toBuffer(), pngChunk('prVt', Buffer.from(SECRET)));
    const gif = withGifExtension(await picture().gif().toBuffer(), 0xfe, Buffer.from(SECRET));
    for (const [bytes, extension] of [
      [jpeg, 'jpg'],
      [png, 'png'],
      [gif, 'gif'],
    ] as const) {
      const clean = await withoutPrivateMetadata(bytes, extension);
      expect(clean, extension).not.toBeNull();
      expect(clean?.includes(SECRET), extension).toBe(false);
      expect(await sharp(clean ?? undefined).metadata()).toMatchObject({ width: 24, height: 16 });
    }
  });

  it('keeps a paletted PNG paletted and an animation animated', async () => {
    const paletted = await picture().png({ palette: true }).withExif({ IFD0: { Artist: SECRET } }).toBuffer();
    const cleanPng = await withoutPrivateMetadata(paletted, 'png');
    expect(await sharp(cleanPng ?? undefined).metadata()).toMatchObject({ isPalette: true });

    const animated = await (await animation())
      .withExif({ IFD0: { Artist: SECRET } })
      .withMetadata({ orientation: 6 })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const cleanWebp = await withoutPrivateMetadata(animated, 'webp');
    expect(cleanWebp?.includes(SECRET)).toBe(false);
    expect((await sharp(cleanWebp ?? undefined).metadata()).pages).toBe(2);
  });

  it('keeps a lossless WebP lossless and a lossy one lossy', async () => {
    for (const lossless of [true, false]) {
      const webp = await picture().withExif({ IFD0: { Artist: SECRET } }).webp({ lossless }).toBuffer();
      expect(isLosslessWebp(webp)).toBe(lossless);
      const clean = await withoutPrivateMetadata(webp, 'webp');
      expect(clean?.includes(SECRET)).toBe(false);
      expect(isLosslessWebp(clean ?? Buffer.alloc(0)), `lossless: ${lossless}`).toBe(lossless);
    }
    const frames = await (await animation()).webp({ lossless: true }).toBuffer();
    expect(isLosslessWebp(frames)).toBe(true);
  });

  it('leaves a clean file alone', async () => {
    expect(await withoutPrivateMetadata(await picture().jpeg().toBuffer(), 'jpg')).toBeNull();
  });
});
