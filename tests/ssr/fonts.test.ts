/**
 * The two faces of the public site (decision 096): every page preloads the
 * display face and the text face, one WOFF2 file each, and the stylesheet (inlined)
 * declares them with `font-display: optional` beside local fallbacks scaled to
 * their metrics, and declares no other web font a first visit could fetch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPost, useSiteApp } from './site-app.ts';

/** The `<link rel="preload" as="font">` addresses of a page. */
const preloadedFonts = (html: string) =>
  [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)]
    .map((match) => match[0])
    .filter((link) => link.includes('as="font"'))
    .map((link) => ({ href: /href="([^"]+)"/.exec(link)?.[1] ?? '', crossOrigin: /crossorigin="anonymous"/i.test(link) }));

describe('the fonts of the public site', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, { slug: 'a-look-of-its-own', title: 'A Look of Its Own' });
  });

  it('preloads the text face and the display face on the home page and a post, and nothing else', async () => {
    for (const path of ['/', '/a-look-of-its-own']) {
      const fonts = preloadedFonts(await (await site.get(path)).text());
      expect(fonts.map((font) => font.href.replace(/-[\w-]{8}\.woff2$/, '.woff2')), path).toEqual([
        '/assets/public-sans-latin-wght-normal.woff2',
        '/assets/fraunces-latin-wght-normal.woff2',
      ]);
      expect(fonts.every((font) => font.crossOrigin), path).toBe(true);
    }
  });

  it('declares the two faces with font-display optional, and fallbacks scaled to their metrics', async () => {
    const html = await (await site.get('/')).text();
    // The public stylesheet, inlined in the head (decision 102).
    const css = /<style [^>]*id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1] ?? '');
    const family = (face: string) => /font-family:\s*["']?([^;"']+)/.exec(face)?.[1];
    expect(faces.map(family)).toEqual([
      'Public Sans Variable',
      'Fraunces Variable',
      'Public Sans Fallback',
      'Fraunces Fallback',
      'Public Sans Fallback DejaVu',
      'Fraunces Fallback DejaVu',
    ]);
    const [text, display, ...fallbacks] = faces;
    for (const face of [text, display]) {
      expect(face).toMatch(/font-display:\s*optional/);
      expect(face?.match(/url\(/g)).toHaveLength(1);
      expect(face).toMatch(/\.woff2\)/);
    }
    for (const face of fallbacks) {
      expect(face).toMatch(/src:\s*local\(/);
      for (const descriptor of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) {
        expect(face).toMatch(new RegExp(`${descriptor}:\\s*[\\d.]+%`));
      }
    }
  });
});
