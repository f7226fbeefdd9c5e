/**
 * The renderings of markdown the pages ask for (server/markdown/render.ts
 * renders), rendered once per source rather than on every request
 * (decision 033). Posts and resources store their HTML with its key when
 * saved (content.ts); this service renders the rest (the legal pages, a
 * newsletter issue's web version, an item saved before the HTML was
 * stored) and keeps the most recent renderings in a cache bounded by bytes.
 */
import type { RenderedMarkdown } from '../../../common/markdown-dialect.ts';
import { ModuleLoadError } from '../../lazy-module.ts';
import { markdownKey, renderMarkdownHtml } from '../../markdown/render.ts';

export type { RenderedMarkdown };

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
