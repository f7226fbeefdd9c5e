/**
 * Nothing stands between a public page's HTML and its first paint
 * (decision 102): the public stylesheet comes inlined in the head, once, with
 * no stylesheet link beside it, and the app's scripts are neither preloaded
 * nor run before the page has loaded. The back office links its own
 * stylesheet, a hashed file browsers keep for good (decision 036), and loads
 * its scripts at once.
 */
import { describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL } from '../../server/pages.ts';
import { seedPost, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const stylesheetLinks = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0].match(/href="([^"]+)"/)?.[1]);
const styleBlocks = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];

// A class only the back office's tables use: in app.css, never in the public stylesheet.
const BACK_OFFICE_ONLY = '.caption-bottom';

describe('the critical path of a public page', () => {
  it('has the public stylesheet inlined in its head, no render-blocking stylesheet and no preload of the app', async () => {
    await seedPost(t, { slug: 'paper-lantern', title: 'Paper Lantern' });
    for (const path of ['/', '/paper-lantern']) {
      const response = await site.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const head = headOf(html);

      expect(stylesheetLinks(html), path).toEqual([]);
      expect(head, path).not.toContain('modulepreload');

      const [inlined, ...others] = styleBlocks(head);
      expect(head, path).toMatch(/<style nonce="[^"]+" id="site-css">/);
      expect(inlined, path).toContain('.ui-button');
      expect(inlined, path).toContain('--color-primary');
      expect(inlined, path).not.toContain(BACK_OFFICE_ONLY);
      // Once: the only other block is the consent banner's one-line rule for visitors without scripts.
      for (const block of others) expect(block.length, path).toBeLessThan(200);
    }
  });

  it('runs no module before the page has loaded: the boot script is inert, started by a script with the page nonce', async () => {
    const response = await site.get('/paper-lantern');
    const html = await response.text();
    const nonce = nonceOf(response.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();

    const scripts = scriptTags(html);
    expect(scripts.filter((tag) => tag.includes('type="module"'))).toEqual([]);
    expect(scripts.filter((tag) => / src=/.test(tag))).toEqual([]);
    const boot = scripts.find((tag) => tag.includes('id="app-boot"')) ?? '';
    expect(boot).toContain('type="text/plain"');
    // The boot script still names the app's entry, and its starter sits just before it with the page's nonce.
    const at = html.indexOf(boot);
    expect(html.slice(at, at + 4000)).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    const starter = html.lastIndexOf('<script', at - 1);
    expect(html.slice(starter, at)).toMatch(new RegExp(`^<script nonce="${nonce?.replace(/[+/=]/g, '\\$&')}">.*addEventListener\\("load"`));
  });
});

describe('the stylesheet of the back office', () => {
  it('is one hashed file, cached for good, with every class; its scripts are preloaded at once', async () => {
    const response = await site.get('/auth');
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(headOf(html)).not.toContain('id="site-css"');
    expect(headOf(html)).toContain('rel="modulepreload"');
    const links = stylesheetLinks(html);
    expect(links).toHaveLength(1);
    const href = links[0] ?? '';
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/);

    const file = await site.get(href, { accept: 'text/css' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/css/);
    expect(file.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
    const css = await file.text();
    expect(css).toContain('.ui-button');
    expect(css).toContain(BACK_OFFICE_ONLY);
  });
});
