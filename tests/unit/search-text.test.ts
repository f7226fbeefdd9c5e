import { describe, expect, it } from 'vitest';
import { buildSnippet, markdownToText, MAX_SEARCH_TERMS, searchTerms, snippetParts } from '../../common/search.ts';

describe('searchTerms', () => {
  it('keeps the distinct words of letters and digits, lower-cased, dropping every operator', () => {
    expect(searchTerms('Kick* OR "Solar" -panel NEAR(a b) title:x 2026 café')).toEqual([
      'kick',
      'or',
      'solar',
      'panel',
      'near',
      'a',
      'b',
      'title',
      'x',
      '2026',
    ]);
    expect(searchTerms('café e-bike')).toEqual(['café', 'e', 'bike']);
    expect(searchTerms('!!! *** ""')).toEqual([]);
    expect(searchTerms('Solar solar SOLAR')).toEqual(['solar']);
  });

  it('takes the first MAX_SEARCH_TERMS words', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(searchTerms(words.join(' '))).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });
});

describe('markdownToText', () => {
  it('drops markdown syntax and keeps the words', () => {
    expect(
      markdownToText('## Why\n\n- **Bold** and _it_ with `code`\n> quoted [link](https://x.y/z) ![alt](/a.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |'),
    ).toBe('Why Bold and it with code quoted link alt a b 1 2');
    expect(markdownToText('snake_case stays')).toBe('snake_case stays');
  });
});

describe('buildSnippet', () => {
  it('marks every word a term begins and escapes the rest', () => {
    expect(buildSnippet({ excerpt: null, content: 'Kick <b>off</b> a Kickstarter & more' }, ['kick'])).toBe(
      '<mark>Kick</mark> &lt;b&gt;off&lt;/b&gt; a <mark>Kickstarter</mark> &amp; more',
    );
  });

  it('picks the window with the most distinct terms', () => {
    const body = `solar ${'x '.repeat(50)}solar backpack ${'y '.repeat(50)}`;
    expect(buildSnippet({ excerpt: null, content: body }, ['solar', 'backpack'])).toMatch(
      /^…x x x x x <mark>solar<\/mark> <mark>backpack<\/mark> y/,
    );
  });

  it('uses the excerpt when the body does not match', () => {
    expect(buildSnippet({ excerpt: 'A solar lamp.', content: 'Body.' }, ['solar'])).toBe('A <mark>solar</mark> lamp.');
    expect(buildSnippet({ excerpt: 'A lamp.', content: 'Body.' }, ['title'])).toBe('A lamp.');
    expect(buildSnippet({ excerpt: null, content: 'Body.' }, ['title'])).toBe('Body.');
  });
});

describe('snippetParts', () => {
  it('splits a snippet into text and marks, decoding its entities', () => {
    expect(snippetParts('a &lt;b&gt; <mark>Kick</mark> &amp; &quot;x&#39;')).toEqual([
      { text: 'a <b> ', mark: false },
      { text: 'Kick', mark: true },
      { text: ' & "x\'', mark: false },
    ]);
  });

  it('leaves any other markup as text', () => {
    expect(snippetParts('<script>x</script><mark>y</mark>')).toEqual([
      { text: '<script>x</script>', mark: false },
      { text: 'y', mark: true },
    ]);
  });
});
