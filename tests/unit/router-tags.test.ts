import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, rewriteRouterTags, type ScriptLoading } from '../../app/entry.server.tsx';
import { FrameRender, forgetKeptFrames } from '../../app/server/kept-frame.server.ts';

const manifest = { entry: { module: '/assets/entry.client-a1.js', imports: ['/assets/chunk-b2.js'] }, routes: { root: { id: 'root' } } };

// What React Router writes: preloads in the head, the manifest as indented JSON in a module script.
const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-a1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/chunk-b2.js" nonce="n"/></head><body><input placeholder="Search…"/>' +
  '<script type="module">import * as route0 from "/assets/root-c3.js";\n' +
  `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n` +
  '  window.__reactRouterRouteModules = {"root":route0};</script><p>déjà vu ✓</p></body></html>';

const expected = page
  .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchPriority="low"')
  .replace(JSON.stringify(manifest, null, 2), JSON.stringify(manifest));

/** The page through the transform, written as the given byte chunks. */
async function rewritten(chunks: Buffer[], frames?: FrameRender, scripts?: ScriptLoading): Promise<string> {
  const transform = rewriteRouterTags(() => {}, frames, scripts);
  const out: Buffer[] = [];
  transform.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => transform.on('end', resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe("the server render's rewriting of React Router's tags", () => {
  const bytes = Buffer.from(page);

  it('lowers every module preload and prints the manifest without indentation', async () => {
    expect(expected).not.toBe(page);
    expect(await rewritten([bytes])).toBe(expected);
  });

  it('gives the same page however the stream is cut, even inside a character', async () => {
    for (let at = 1; at < bytes.length; at += 1) {
      expect(await rewritten([bytes.subarray(0, at), bytes.subarray(at)])).toBe(expected);
    }
    const small = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(await rewritten(small)).toBe(expected);
  });

  it('passes a manifest it cannot read, or one never closed, through unchanged', async () => {
    const broken = page.replace('"root": {', '"root": {{');
    expect(await rewritten([Buffer.from(broken)])).toContain('"root": {{');
    const unclosed = page.slice(0, page.indexOf(';\n  window.__reactRouterRouteModules'));
    expect(await rewritten([Buffer.from(unclosed)])).toContain(JSON.stringify(manifest, null, 2));
  });
});

describe("a public page's scripts, loaded once it has painted", () => {
  // What React Router writes, with the page's nonce and the boot script's async attribute.
  const nonced = page.replaceAll(' nonce="n"', ' nonce="abc+/="').replace('<script type="module">', '<script nonce="abc+/=" type="module" async="">');
  const bytes = Buffer.from(nonced);
  const afterPaint: ScriptLoading = { mode: 'after-paint', nonce: 'abc+/=' };

  it('takes the module preloads out and keeps the boot script inert behind a starter with the nonce', async () => {
    const out = await rewritten([bytes], undefined, afterPaint);
    expect(out).not.toContain('modulepreload');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(`<script nonce="abc+/=" type="text/plain" id="${BOOT_SCRIPT_ID}">import * as route0`);
    expect(out).toMatch(/<\/head><body><input placeholder="Search…"\/><script nonce="abc\+\/=">\(\(\)=>\{[^<]*addEventListener\("load"/);
    expect(out).toContain(JSON.stringify(manifest));
  });

  it('gives the same page however the stream is cut', async () => {
    const whole = await rewritten([bytes], undefined, afterPaint);
    for (let at = 1; at < bytes.length; at += 1) {
      expect(await rewritten([bytes.subarray(0, at), bytes.subarray(at)], undefined, afterPaint)).toBe(whole);
    }
  });

  it('leaves the back office as React Router writes it, preloads lowered', async () => {
    expect(await rewritten([bytes], undefined, { mode: 'eager' })).toContain('<script nonce="abc+/=" type="module" async="">');
  });
});

describe('the frame parts a render keeps', () => {
  const header = '<a href="/" data-discover="true">Showcase</a><nav aria-label="Main"><!-- -->Menu</nav>';
  const footer = '<p>© 2026 Showcase</p>';
  const marked =
    '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/></head><body>' +
    `<header data-keep-frame="header" class="sticky">${header}</header><main><footer>an article's own</footer></main>` +
    `<footer data-keep-frame="footer" class="mt-16">${footer}</footer></body></html>`;
  const sent = marked.replaceAll(' data-keep-frame="header"', '').replaceAll(' data-keep-frame="footer"', '').replace(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchPriority="low"',
  );

  /** A render of a page whose header and footer have no kept HTML yet: both come back marked. */
  const renderOf = (inputs: string) => {
    const frames = new FrameRender('/');
    expect(frames.frame('header', [inputs])).toEqual({ marker: { 'data-keep-frame': 'header' } });
    expect(frames.frame('footer', [inputs])).toEqual({ marker: { 'data-keep-frame': 'footer' } });
    return frames;
  };

  it('takes the markers out however the stream is cut, and keeps the HTML inside each part', async () => {
    const bytes = Buffer.from(marked);
    for (let at = 1; at < bytes.length; at += 1) {
      forgetKeptFrames();
      const frames = renderOf(`cut at ${at}`);
      expect(await rewritten([bytes.subarray(0, at), bytes.subarray(at)], frames)).toBe(sent);
      const next = new FrameRender('/');
      expect(next.frame('header', [`cut at ${at}`])).toEqual({ html: header });
      expect(next.frame('footer', [`cut at ${at}`])).toEqual({ html: footer });
    }
  });

  it('keeps nothing of a page cut short, and nothing for other inputs', async () => {
    forgetKeptFrames();
    const frames = renderOf('cut short');
    await rewritten([Buffer.from(marked.slice(0, marked.indexOf('</header>')))], frames);
    expect(new FrameRender('/').frame('header', ['cut short']).html).toBeUndefined();
    expect(new FrameRender('/').frame('header', ['other']).html).toBeUndefined();
  });

  it('renders every time a part holding what React moves to the head', async () => {
    forgetKeptFrames();
    const frames = renderOf('with a logo');
    await rewritten([Buffer.from(marked.replace(header, '<img src="/logo.png" alt=""/>'))], frames);
    // Neither kept HTML nor a marker: rendered as usual.
    expect(new FrameRender('/').frame('header', ['with a logo'])).toEqual({});
    expect(new FrameRender('/').frame('footer', ['with a logo'])).toEqual({ html: footer });
  });
});
