import type { RenderedMarkdown } from '../server/markdown.server.tsx';
import { MarkdownContent } from './markdown-content.tsx';

/** `2025-10-15` → `October 15, 2025`. */
function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The frame of a legal text: title, last update, the text as its owner wrote it in the back office. */
export function LegalPage({ title, updated, content }: { title: string; updated: string; content: RenderedMarkdown }) {
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-10">
        <h1 className="page-title">{title}</h1>
        <p className="mt-3 text-muted-foreground">
          Last updated: <time dateTime={updated}>{longDate(updated)}</time>
        </p>
      </header>
      <MarkdownContent content={content} />
    </article>
  );
}
