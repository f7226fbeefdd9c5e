import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_RENDERER } from '../../common/markdown-dialect.ts';
import { markdownKey, renderMarkdownHtml } from '../../server/markdown/render.ts';
import { markdownService } from '../../server/services/content/markdown-renderings.ts';

const require = createRequire(import.meta.url);

/** The version of an installed package, read from its package.json next to its entry point. */
function installedVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (manifest.name === name) return manifest.version;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json for ${name}`);
    dir = parent;
  }
}

/** Nested quotes deep enough to exhaust the parser's stack. */
const UNRENDERABLE = `${'> '.repeat(20_000)}deep`;

describe('the markdown renderer', () => {
  it('names the installed version of every library that shapes its HTML, so stored HTML is keyed by them', () => {
    for (const [name, version] of Object.entries(MARKDOWN_RENDERER.libraries)) {
      expect({ name, version: installedVersion(name) }).toEqual({ name, version });
    }
  });

  it('keys a rendering by its source: the same source the same key, any change another', () => {
    expect(markdownKey('# Title')).toBe(markdownKey('# Title'));
    expect(markdownKey('# Title')).not.toBe(markdownKey('# Title '));
    expect(markdownKey('')).not.toBe(markdownKey(' '));
  });

  it('renders GitHub-flavoured markdown and drops raw HTML and javascript: links', async () => {
    const html = await renderMarkdownHtml('## Plan\n\n| a |\n| --- |\n| b |\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))');
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<table>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });
});

describe('the markdown service', () => {
  it('renders a source once and answers it again from its cache', async () => {
    const service = markdownService();
    const first = await service.render('**bold**', () => {});
    expect(first).toEqual({ html: '<p><strong>bold</strong></p>' });
    expect(await service.render('**bold**', () => {})).toBe(first);
    expect(service.stats().entries).toBe(1);
  });

  it('keeps no more bytes than it is allowed, letting the least recently used go', async () => {
    const service = markdownService(2_000);
    const sources = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} ${'x'.repeat(80)}`);
    for (const source of sources) await service.render(source, () => {});
    const { entries, bytes } = service.stats();
    expect(bytes).toBeLessThanOrEqual(2_000);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(sources.length);
    // The newest is still kept, the oldest gone.
    const newest = await service.render(sources.at(-1) ?? '', () => {});
    expect(await service.render(sources.at(-1) ?? '', () => {})).toBe(newest);
    expect(service.stats().entries).toBe(entries);
    await service.render(sources[0] ?? '', () => {});
    expect(service.stats().entries).toBeLessThanOrEqual(entries);
  });

  it('answers the raw source of markdown that cannot be rendered, and says why', async () => {
    const errors: unknown[] = [];
    const rendered = await markdownService().render(UNRENDERABLE, (error) => errors.push(error));
    expect(rendered).toEqual({ raw: UNRENDERABLE });
    expect(errors).toHaveLength(1);
    // Parsing until the stack runs out is CPU-bound: seconds on a busy 2-core machine.
  }, 30_000);
});
