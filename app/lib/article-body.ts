/**
 * An article's body sent once (docs/decisions/038-article-body-sent-once.md):
 * a page request renders the body into the HTML and leaves it out of the
 * hydration data, which carries a `BodyInPage` stand-in in its place; the
 * browser keeps the server's markup. A client navigation's data request (`*.data`)
 * carries the body itself. Shared by the server render (entry.server.tsx),
 * the detail loader and the markdown component.
 */
import { createContext } from 'react';
import type { AppLoadContext } from 'react-router';
import type { RenderedMarkdown } from '../../common/markdown-dialect.ts';
import { escapeHtml } from '../../common/html.ts';

/**
 * A body left to the page's HTML, and how that HTML shows it: as rendered
 * markdown, or as its source in plain text (the rendering failed). The
 * browser needs the kind to draw the same element the server did.
 */
export interface BodyInPage {
  inPage: 'html' | 'raw';
}

/** A body as loader data carries it: rendered, raw, or left to the page's HTML. */
export type ArticleBody = RenderedMarkdown | BodyInPage;

/** The HTML of the body this page request left out of its hydration data; unset in the browser. */
export const PageBodyContext = createContext<string | undefined>(undefined);

/**
 * `item` as a loader returns it: on a page request its body moves to the load
 * context as HTML (a raw one escaped, to show as text; the server render takes
 * it from there) and the loader data keeps the stand-in. An empty body stays
 * where it is.
 */
export function withBodyInPage<Item extends { content: RenderedMarkdown }>(
  context: AppLoadContext,
  item: Item,
): Omit<Item, 'content'> & { content: ArticleBody } {
  const slot = context.pageBody;
  if (!slot) return item;
  const body = item.content;
  if ('html' in body) {
    if (body.html === '') return item;
    slot.html = body.html;
    return { ...item, content: { inPage: 'html' } };
  }
  if (body.raw === '') return item;
  slot.html = escapeHtml(body.raw);
  return { ...item, content: { inPage: 'raw' } };
}
