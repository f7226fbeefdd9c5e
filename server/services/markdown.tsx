/**
 * Markdown to sanitised HTML (react-markdown + remark-gfm + rehype-sanitize,
 * common/markdown.ts), rendered once per source rather than on every
 * request (decision 033). Raw HTML in the source is never rendered and
 * rehype-sanitize strips anything else dangerous (event handlers,
 * `javascript:` links), so the result may be inserted as HTML.
 *
 * Each rendering is known by a key: a hash of the source and of what
 * renders it (MARKDOWN_RENDERER). Posts and resources store their HTML with
 * that key when saved (content.ts); this service renders the rest (the
 * legal pages, a newsletter issue's web version, an item saved before the
 * HTML was stored) and keeps the most recent renderings in a cache bounded
 * by bytes.
 */
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { MARKDOWN_RENDERER, markdownPlugins, type RenderedMarkdown } from '../../common/markdown.ts';
import { lazyModule, ModuleLoadError } from '../lazy-module.ts';

export type { RenderedMarkdown };

/**
 * The markdown libraries, loaded on the first rendering (decision 039):
 * posts and resources store their HTML when saved, so a server whose
 * content was all saved since then answers its pages without them.
 */
export const loadMarkdown = lazyModule('react-markdown, remark-gfm, rehype-sanitize', 'markdown rendering', async () => {
  const [markdown, gfm, sanitize] = await Promise.all([import('react-markdown'), import('remark-gfm'), import('rehype-sanitize')]);
  return { Markdown: markdown.default, plugins: markdownPlugins({ remarkGfm: gfm.default, rehypeSanitize: sanitize.default }) };
});

export type MarkdownLibraries = Awaited<ReturnType<typeof loadMarkdown>>;

const RENDERER_STAMP = JSON.stringify(MARKDOWN_RENDERER);

/** The key of a source's rendering: equal keys, equal HTML. */
export function markdownKey(source: string): string {
  return createHash('sha256').update(RENDERER_STAMP).update('\0').update(source).digest('base64url');
}

/**
 * The sanitised HTML of `source`; throws when it cannot be rendered
 * (pathological nesting can exhaust the stack), or a ModuleLoadError when
 * the libraries cannot be loaded, which is no fault of the source.
 */
export async function renderMarkdownHtml(source: string): Promise<string> {
  const { Markdown, plugins } = await loadMarkdown();
  // Markdown is a plain function of its props (no hooks): called directly,
  // a failure throws here rather than inside a page render.
  return renderToStaticMarkup(Markdown({ children: source, ...plugins }));
}

/** Bytes of renderings kept by default: a few hundred long posts. */
export const MARKDOWN_CACHE_BYTES = 4 * 1024 * 1024;

/** JavaScript strings hold up to two bytes a character: count the worst case. */
const sizeOf = (rendered: RenderedMarkdown) => 2 * ('html' in rendered ? rendered.html.length : rendered.raw.length);

export function markdownService(maxBytes = MARKDOWN_CACHE_BYTES) {
  // Least recently used first: a Map keeps insertion order.
  const kept = new Map<string, RenderedMarkdown>();
  let bytes = 0;

  function keep(key: string, rendered: RenderedMarkdown): void {
    const size = sizeOf(rendered);
    if (size > maxBytes) return;
    kept.set(key, rendered);
    bytes += size;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= sizeOf(old);
    }
  }

  return {
    /**
     * The rendering of `source`, from the cache when it was rendered
     * lately. When rendering fails, SPEC.md asks for the raw text instead,
     * and `onError` logs why; libraries that cannot be loaded are a server
     * error (decision 039), and nothing is kept for the source.
     */
    async render(source: string, onError: (error: unknown) => void, key = markdownKey(source)): Promise<RenderedMarkdown> {
      const cached = kept.get(key);
      if (cached) {
        kept.delete(key);
        kept.set(key, cached);
        return cached;
      }
      let rendered: RenderedMarkdown;
      try {
        rendered = { html: await renderMarkdownHtml(source) };
      } catch (error) {
        if (error instanceof ModuleLoadError) throw error;
        onError(error);
        rendered = { raw: source };
      }
      keep(key, rendered);
      return rendered;
    },

    /** Renderings kept, and their bytes (at most two a character). */
    stats: () => ({ entries: kept.size, bytes }),
  };
}

export type MarkdownService = ReturnType<typeof markdownService>;
