import { describe, expect, it } from 'vitest';
import { canonicalProjectsSearch, isKeptProjectsSearch, projectsHref, readProjectsQuery } from '../../common/projects-browse.ts';
import { canonicalRedirect } from '../../server/http/canonical-paths.ts';
import { isStorablePath } from '../../server/http/rendered-page-store.ts';

const read = (search: string) => readProjectsQuery(new URLSearchParams(search));

describe("/projects's query", () => {
  it('reads a filter, an order and a page token, the defaults when left out or empty', () => {
    expect(read('')).toEqual({ choice: { filter: null, sort: 'published_at', cursor: null } });
    expect(read('campaign=&sort=')).toEqual({ choice: { filter: null, sort: 'published_at', cursor: null } });
    expect(read('campaign=just_launched&sort=ending_first&cursor=abc')).toEqual({
      choice: { filter: 'just_launched', sort: 'ending_first', cursor: 'abc' },
    });
  });

  it('names the parameter of a value it does not offer, or of one given twice', () => {
    expect(read('campaign=Live')).toMatchObject({ problem: { parameter: 'campaign', value: 'Live' } });
    expect(read('sort=ends_at')).toMatchObject({ problem: { parameter: 'sort', value: 'ends_at' } });
    expect(read('sort=percent_funded&sort=ending_first')).toMatchObject({ problem: { parameter: 'sort' } });
  });

  it('writes each choice one way: its own parameters in order, defaults left out', () => {
    expect(projectsHref({})).toBe('/projects');
    expect(projectsHref({ filter: null, sort: 'published_at' })).toBe('/projects');
    expect(projectsHref({ sort: 'percent_funded', filter: 'funded', cursor: 'x' })).toBe('/projects?campaign=funded&sort=percent_funded&cursor=x');
    expect(canonicalProjectsSearch('?sort=ending_first&campaign=live')).toBe('?campaign=live&sort=ending_first');
    expect(canonicalProjectsSearch('?fbclid=1&sort=published_at')).toBe('?fbclid=1');
    expect(canonicalProjectsSearch('?campaign=nope')).toBeNull();
  });

  it('redirects another spelling of a choice, and leaves a refused query to the page', () => {
    expect(canonicalRedirect('/projects', '?campaign=live')).toBeNull();
    expect(canonicalRedirect('/projects', '')).toBeNull();
    expect(canonicalRedirect('/projects', '?sort=published_at')).toEqual({ to: '/projects', search: '' });
    expect(canonicalRedirect('/Projects', '?campaign=live')).toEqual({ to: '/projects', search: '?campaign=live' });
    expect(canonicalRedirect('/projects', '?campaign=nope')).toBeNull();
    // Other pages' queries are theirs.
    expect(canonicalRedirect('/search', '?sort=published_at')).toBeNull();
  });

  it('keeps in the rendered-page store the first page of each choice only', () => {
    expect(isKeptProjectsSearch('?campaign=ended&sort=percent_funded')).toBe(true);
    expect(isKeptProjectsSearch('?sort=percent_funded&campaign=ended')).toBe(false);
    expect(isKeptProjectsSearch('?campaign=ended&cursor=abc')).toBe(false);
    expect(isKeptProjectsSearch('?campaign=ended&utm_source=mail')).toBe(false);
    expect(isStorablePath(new URL('http://localhost/projects?campaign=live'))).toBe(true);
    expect(isStorablePath(new URL('http://localhost/projects.data?campaign=live'))).toBe(false);
    expect(isStorablePath(new URL('http://localhost/category/tech?campaign=live'))).toBe(false);
  });
});
