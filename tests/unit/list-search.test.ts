import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListSearch, noMatchText } from '../../app/components/admin/list-search.tsx';

const render = (address: string, results: number, more?: boolean) =>
  renderToStaticMarkup(
    h(MemoryRouter, { initialEntries: [address] }, h(ListSearch, { label: 'Search posts', results, ...(more === undefined ? {} : { more }) })),
  );

/** The text of the search's polite live region; undefined when there is none. */
const announced = (html: string) => /<p[^>]*aria-live="polite"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

describe('the list search', () => {
  it('keeps a polite live region, empty until there is a search', () => {
    expect(announced(render('/admin/posts', 7))).toBe('');
  });

  it('announces how many rows a search found', () => {
    expect(announced(render('/admin/posts?q=solar', 1))).toBe('1 result');
    expect(announced(render('/admin/posts?q=solar', 12))).toBe('12 results');
    expect(announced(render('/admin/posts?q=solar', 20, true))).toBe('20 results on this page');
    expect(announced(render('/admin/posts?q=nothing', 0))).toBe('No results');
  });

  it('says a search found nothing in the words of the list', () => {
    expect(noMatchText('No posts', 'solar')).toBe('No posts match “solar”');
    expect(noMatchText('No read messages', 'Ada')).toBe('No read messages match “Ada”');
  });
});
