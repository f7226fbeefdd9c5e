/**
 * The stylesheet reaches a page once: as a hashed file the page links to and
 * browsers keep for good, never also inlined in full in the HTML (the
 * consent banner's markup and its few lines: cookie-consent.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL } from '../../server/pages.ts';
import { seedPost, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

const stylesheetLinks = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0].match(/href="([^"]+)"/)?.[1]);
const styleBlocks = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');

describe('the stylesheet of a post page', () => {
  it('is one hashed file, cached for good, and not inlined as well', async () => {
    await seedPost(t, { slug: 'paper-lantern', title: 'Paper Lantern' });
    const response = await site.get('/paper-lantern');
    expect(response.status).toBe(200);
    const html = await response.text();

    const links = stylesheetLinks(html);
    expect(links).toHaveLength(1);
    const href = links[0] ?? '';
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/);

    const file = await site.get(href, { accept: 'text/css' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/css/);
    expect(file.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
    const css = await file.text();
    // The site's own rules are in the file…
    expect(css).toContain('.ui-button');
    expect(css).toContain('--color-primary');

    // …and in no <style> of the page: the only one there may be is the consent banner's one-line rule for visitors without scripts.
    const blocks = styleBlocks(html);
    for (const block of blocks) {
      expect(block).not.toContain('.ui-button');
      expect(block).not.toContain('--color-primary');
      expect(block.length).toBeLessThan(200);
    }
    expect(blocks.join('').length).toBeLessThan(css.length / 100);
  });
});
