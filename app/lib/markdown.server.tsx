/**
 * Markdown bodies of posts and resources, rendered on the server with GFM
 * and sanitised (react-markdown + remark-gfm + rehype-sanitize). Raw HTML in
 * the source is never rendered, rehype-sanitize strips anything else
 * dangerous (event handlers, `javascript:` links), so the result may be
 * inserted as HTML. Rendering here keeps the markdown libraries out of the
 * browser bundle.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { MARKDOWN_PLUGINS } from '../../common/markdown.ts';

/** Either sanitised HTML, or (when rendering failed) the source to show as text. */
export type RenderedMarkdown = { html: string } | { raw: string };

/**
 * Renders `source`; when that fails (pathological nesting can exhaust the
 * stack), SPEC.md asks for the raw text instead, and `onError` logs why.
 */
export function renderMarkdown(source: string, onError: (error: unknown) => void): RenderedMarkdown {
  try {
    // Markdown is a plain function of its props (no hooks), so a failure is
    // caught here rather than breaking the whole page render.
    const element = Markdown({ children: source, ...MARKDOWN_PLUGINS });
    return { html: renderToStaticMarkup(element) };
  } catch (error) {
    onError(error);
    return { raw: source };
  }
}
