import { use, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { PageBodyContext, type ArticleBody } from '../lib/article-body.ts';

/** The article styles of a markdown body (app.css); the editor's preview wears them too. */
export const MARKDOWN_CLASS = 'markdown';

/** A body shown as its source, in plain text, with its line breaks. */
const RAW_CLASS = 'whitespace-pre-wrap break-words leading-relaxed';

/**
 * A post or resource body. The HTML was rendered and sanitised on the server
 * (server/markdown.server.tsx); when rendering failed, the source shows as text.
 */
export function MarkdownContent({ content }: { content: ArticleBody }) {
  if ('inPage' in content) return <BodyInPage className={content.inPage === 'raw' ? RAW_CLASS : MARKDOWN_CLASS} />;
  if ('raw' in content) return <div className={RAW_CLASS}>{content.raw}</div>;
  return <div className={MARKDOWN_CLASS} dangerouslySetInnerHTML={{ __html: content.html }} />;
}

/**
 * A body the page's HTML carries and its hydration data does not
 * (lib/article-body.ts): the server renders it, the browser keeps that markup
 * as it is (React does not compare or rewrite the inner HTML it hydrates).
 */
function BodyInPage({ className }: { className: string }) {
  const html = use(PageBodyContext);
  const body = useRef<HTMLDivElement>(null);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // Drawn in the browser instead of hydrated (a hydration that fell back
    // to a client render): only the loader's data request has the body.
    if (body.current && !body.current.hasChildNodes()) void revalidate();
  }, [revalidate]);
  return <div ref={body} className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
