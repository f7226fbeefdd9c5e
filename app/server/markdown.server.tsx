/**
 * Markdown bodies for page loaders: sanitised HTML from the markdown
 * service (server/services/content/markdown-renderings.ts), which renders each source once
 * and keeps it (decision 033). Rendering on the server keeps the markdown
 * libraries out of the browser bundle.
 */
import type { AppLoadContext } from 'react-router';
import type { RenderedMarkdown } from '../../common/markdown-dialect.ts';

export type { RenderedMarkdown };

/**
 * Renders `source`; when that fails (pathological nesting can exhaust the
 * stack), SPEC.md asks for the raw text instead, and `onError` logs why.
 */
export function renderMarkdown(context: AppLoadContext, source: string, onError: (error: unknown) => void): Promise<RenderedMarkdown> {
  return context.services.markdown.render(source, onError);
}
