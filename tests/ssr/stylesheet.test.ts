/**
 * The stylesheet reaches a page once: as a hashed file the page links to and
 * browsers keep for good, never also inlined in full in the HTML. And the
 * consent banner is in the HTML itself, with the few lines that hide it for
 * a visitor who has chosen (carrying the page's script nonce) or has no
 * scripts.
 */
import { describe, expect, it } from 'vitest';
import { scriptNonceOf } from '../../server/http/content-security-policy.ts';
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

    // …and in no <style> of the page: the only one is the banner's one-line rule for visitors without scripts.
    const blocks = styleBlocks(html);
    for (const block of blocks) {
      expect(block).not.toContain('.ui-button');
      expect(block).not.toContain('--color-primary');
      expect(block.length).toBeLessThan(200);
    }
    expect(blocks.join('').length).toBeLessThan(css.length / 100);
  });
});

describe('the consent banner', () => {
  it('is in the HTML with its texts, hidden by a nonce-carrying script once a choice is stored', async () => {
    const response = await site.get('/');
    const html = await response.text();
    const nonce = scriptNonceOf(response.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();

    const banner = html.match(/<div id="cookie-banner"[^>]*>([\s\S]*?)<\/div><script/)?.[0] ?? '';
    expect(banner).toContain('role="dialog"');
    expect(banner).not.toMatch(/\bhidden=/);
    for (const text of ['We value your privacy', 'Accept all', 'Reject all', 'Manage preferences', 'Privacy Policy']) {
      expect(banner).toContain(text);
    }
    const hideScript = html.match(/<script nonce="([^"]*)">(document\.cookie[^<]*cookie-banner[^<]*)<\/script>/);
    expect(hideScript?.[1]).toBe(nonce);
    expect(hideScript?.[2]).toContain('cc_cookie=');
    expect(html).toMatch(/<noscript><style>#cookie-banner\{display:none\}<\/style><\/noscript>/);
  });
});
