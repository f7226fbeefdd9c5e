import { describe, expect, it } from 'vitest';
import { parseStoredFileName } from '../../common/media-keys.ts';
import { responsiveImage } from '../../app/lib/responsive-image.ts';

const KEY = 'uploads/2026/11/0123456789abcdef01234567-lantern.jpg';
const SIZES = '(min-width: 640px) 50vw, 100vw';

describe('responsiveImage', () => {
  it('offers the WebP copies of an upload given as a path, keeping the original as src', () => {
    expect(responsiveImage(`/${KEY}`, SIZES)).toEqual({
      src: `/${KEY}`,
      srcSet: `/${KEY}.w480.webp 480w, /${KEY}.w960.webp 960w, /${KEY}.w1600.webp 1600w`,
      sizes: SIZES,
    });
  });

  it('keeps the origin of an upload given as an absolute address', () => {
    const src = `https://showcase.example.com/${KEY}`;
    expect(responsiveImage(src, SIZES)).toEqual({
      src,
      srcSet: [480, 960, 1600]
        .map((width) => `https://showcase.example.com/${KEY}.w${width}.webp ${width}w`)
        .join(', '),
      sizes: SIZES,
    });
  });

  it.each([
    ['an SVG upload', '/uploads/2026/11/0123456789abcdef01234567-logo.svg'],
    ['an image elsewhere', 'https://cdn.example.com/lantern.jpg'],
    ['a file of the site', '/images/demo/lantern.svg'],
    ['an upload with a query', `/${KEY}?v=2`],
    ['a protocol-relative address', `//evil.example.com/${KEY}`],
    ['a resized copy itself', `/${KEY}.w480.webp`],
    ['a key of the wrong shape', '/uploads/2026/13/0123456789abcdef01234567-lantern.jpg'],
    ['not an address at all', 'javascript:alert(1)'],
  ])('gives a plain src for %s', (_what, src) => {
    expect(responsiveImage(src, SIZES)).toEqual({ src });
  });
});

describe('parseStoredFileName', () => {
  it('reads an upload, its resized copies and its copy for mail', () => {
    expect(parseStoredFileName(KEY)).toEqual({ key: KEY, extension: 'jpg', variantWidth: null, mailCopy: false });
    expect(parseStoredFileName(`${KEY}.w960.webp`)).toEqual({ key: KEY, extension: 'jpg', variantWidth: 960, mailCopy: false });
    expect(parseStoredFileName(`${KEY}.mail.jpg`)).toEqual({ key: KEY, extension: 'jpg', variantWidth: null, mailCopy: true });
  });

  it.each([
    ['a width that is not made', `${KEY}.w500.webp`],
    ['a copy of an SVG', 'uploads/2026/11/0123456789abcdef01234567-logo.svg.w480.webp'],
    ['a way out of the folder', 'uploads/2026/11/../../site.db'],
    ['a temporary file', 'uploads/.incoming/0123456789abcdef01234567.part'],
    ['an upper-case name', 'uploads/2026/11/0123456789abcdef01234567-Lantern.jpg'],
    ['a short random part', 'uploads/2026/11/0123-lantern.jpg'],
    ['a copy for mail of the other kind', `${KEY}.mail.png`],
    ['a copy for mail of an SVG', 'uploads/2026/11/0123456789abcdef01234567-logo.svg.mail.png'],
  ])('refuses %s', (_what, name) => {
    expect(parseStoredFileName(name)).toBeNull();
  });
});
