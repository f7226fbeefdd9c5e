import type { RenderedMarkdown } from '../lib/markdown.server.tsx';

/**
 * A post or resource body. The HTML was rendered and sanitised on the server
 * (lib/markdown.server.tsx); when rendering failed, the source shows as text.
 */
export function MarkdownContent({ content }: { content: RenderedMarkdown }) {
  if ('raw' in content) {
    return <div className="whitespace-pre-wrap break-words leading-relaxed">{content.raw}</div>;
  }
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: content.html }} />;
}
