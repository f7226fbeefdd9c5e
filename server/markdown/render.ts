/**
 * Markdown to sanitised HTML with the site's one dialect
 * (common/markdown-dialect.ts): react-markdown + remark-gfm +
 * rehype-sanitize. Raw HTML in the source is never rendered and
 * rehype-sanitize strips anything else dangerous (event handlers,
 * `javascript:` links), so the result may be inserted as HTML.
 *
 * Each rendering is known by a key: a hash of the source and of what
 * renders it (MARKDOWN_RENDERER), so a stored rendering is reused only while
 * the renderer is the same (decision 033). The services keep renderings
 * (server/services/content/markdown-renderings.ts); the newsletter's mail renders
 * with the same libraries and its own components.
 */
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { MARKDOWN_RENDERER, markdownPlugins } from '../../common/markdown-dialect.ts';
import { lazyModule } from '../lazy-module.ts';

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
