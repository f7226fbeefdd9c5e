import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContentList } from '../../app/components/admin/content-list.tsx';
import { ADMIN_POSTS, savedItemOf } from '../../app/lib/admin-content.ts';

const saved = { kind: 'post', id: 7, title: 'Solar Kettle', slug: 'solar-kettle', isLive: false };

const render = (state: unknown) =>
  renderToStaticMarkup(
    h(
      MemoryRouter,
      { initialEntries: [{ pathname: '/admin/posts', state }] },
      h(ContentList, { kind: ADMIN_POSTS, headings: ['Title'], emptyText: 'No posts yet.', nextToken: null, state: null, children: [] }),
    ),
  );

describe('the notice of a save, on the list the editor returns to', () => {
  it('is a status region that is there before its text, so the text is announced when it arrives', () => {
    const html = render({ saved });
    expect(html).toContain('<div role="status"></div>');
    expect(html).not.toContain('Saved “');
  });

  it('comes with the navigation, for its own kind of item only, and only when well formed', () => {
    expect(savedItemOf({ saved }, 'post')).toEqual(saved);
    expect(savedItemOf({ saved }, 'resource')).toBeNull();
    expect(savedItemOf({ saved: { ...saved, id: '7' } }, 'post')).toBeNull();
    expect(savedItemOf(null, 'post')).toBeNull();
    expect(savedItemOf('saved', 'post')).toBeNull();
  });
});
