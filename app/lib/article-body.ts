/**
 * An article's body sent once (docs/decisions/038-article-body-sent-once.md):
 * a page request renders the body into the HTML and leaves it out of the
 * hydration data, which carries `BODY_IN_PAGE` in its place; the browser
 * keeps the server's markup. A client navigation's data request (`*.data`)
 * carries the body itself. Shared by the server render (entry.server.tsx),
 * the detail loader and the markdown component.
 */
import { createContext } from 'react';
import type { AppLoadContext } from 'react-router';
import type { RenderedMarkdown } from '../../common/markdown.ts';

export const BODY_IN_PAGE = { inPage: true } as const;

/** A body as loader data carries it: rendered, or left to the page's HTML. */
export type ArticleBody = RenderedMarkdown | typeof BODY_IN_PAGE;

/** The HTML of the body this page request left out of its hydration data; unset in the browser. */
export const PageBodyContext = createContext<string | undefined>(undefined);

/**
 * `item` as a loader returns it: on a page request its rendered body moves to
 * the load context (the server render takes it from there) and the loader data
 * keeps the stand-in. A body shown as raw text, or empty, stays where it is.
 */
export function withBodyInPage<Item extends { content: RenderedMarkdown }>(
  context: AppLoadContext,
  item: Item,
): Omit<Item, 'content'> & { content: ArticleBody } {
  const slot = context.pageBody;
  if (!slot || !('html' in item.content) || item.content.html === '') return item;
  slot.html = item.content.html;
  return { ...item, content: BODY_IN_PAGE };
}
