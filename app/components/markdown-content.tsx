import type { RenderedMarkdown } from '../lib/markdown.server.tsx';

/** The article styles of a markdown body (app.css); the editor's preview wears them too. */
export const MARKDOWN_CLASS = 'markdown';

/**
 * A post or resource body. The HTML was rendered and sanitised on the server
 * (lib/markdown.server.tsx); when rendering failed, the source shows as text.
 */
export function MarkdownContent({ content }: { content: RenderedMarkdown }) {
  if ('raw' in content) {
    return <div className="whitespace-pre-wrap break-words leading-relaxed">{content.raw}</div>;
  }
  return <div className={MARKDOWN_CLASS} dangerouslySetInnerHTML={{ __html: content.html }} />;
}
