import { describe, expect, it } from 'vitest';
import { countReadableWords, estimateReadTime, WORDS_PER_MINUTE } from '../../common/read-time.ts';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('estimateReadTime', () => {
  it('is at least a minute, even for an empty body', () => {
    expect(estimateReadTime('')).toBe(1);
    expect(estimateReadTime('Hello.')).toBe(1);
  });

  it('counts whole minutes at the reading pace, rounding up', () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(estimateReadTime(words(230))).toBe(1);
    expect(estimateReadTime(words(231))).toBe(2);
    expect(estimateReadTime(words(460))).toBe(2);
    expect(estimateReadTime(words(2300))).toBe(10);
  });

  it('does not count markdown syntax', () => {
    const markdown = [
      '## A heading',
      '',
      '- **bold** item',
      '1. _first_ one',
      '> quoted ~~text~~',
      '',
      '| a | b |',
      '| --- | --- |',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '',
      '---',
    ].join('\n');
    // A heading, bold item, first one, quoted text, a b, const x 1.
    expect(countReadableWords(markdown)).toBe(13);
  });

  it('counts link texts and image descriptions, never their addresses', () => {
    expect(countReadableWords('See [the campaign page](https://example.com/a/long/path?with=query "Title here") now.')).toBe(5);
    expect(countReadableWords('![A solar kettle](/uploads/2026/kettle-photo.png)')).toBe(3);
    expect(countReadableWords('Read [this][ref].\n\n[ref]: https://example.com/some/where "A title"')).toBe(2);
    expect(countReadableWords('Visit https://example.com/one/two/three or <https://example.com/x> or www.example.org/y today.')).toBe(4);
    expect(countReadableWords('Raw <b class="x">html</b> tags.')).toBe(3);
  });

  it('keeps words with apostrophes, hyphens and decimals whole', () => {
    expect(countReadableWords("It's a well-known 3.5 rule")).toBe(5);
  });

  it('follows the text: a long body with many addresses still counts only its words', () => {
    const link = '[x](https://example.com/' + 'a'.repeat(500) + ')';
    expect(estimateReadTime(`${words(200)} ${link.repeat(20)}`)).toBe(1);
    expect(estimateReadTime(`${words(500)}`)).toBe(3);
  });
});

describe('readableText on pathological input', () => {
  // The estimate follows every keystroke, so no input may make it rescan a
  // long run from each of its characters; these finish only if it does not.
  const size = 200_000;

  it('reads one very long token as one word', () => {
    expect(countReadableWords('x'.repeat(size))).toBe(1);
  });

  it('reads runs of brackets, angle brackets and at signs as no words', () => {
    expect(countReadableWords('['.repeat(size))).toBe(0);
    expect(countReadableWords('!['.repeat(size / 2))).toBe(0);
    expect(countReadableWords('<'.repeat(size))).toBe(0);
    expect(countReadableWords('@'.repeat(size))).toBe(0);
    expect(countReadableWords(' \n'.repeat(size / 2))).toBe(0);
  });

  it('still finds the words around them', () => {
    const body = `Before ${'['.repeat(size / 4)} ${'y'.repeat(size / 4)} ${'<'.repeat(size / 4)} ${'a'.repeat(size / 4)}@b.org after`;
    // Before, the long y token and after; the long address is not read.
    expect(countReadableWords(body)).toBe(3);
    expect(countReadableWords(`${'[a]('.repeat(size / 4)} done`)).toBe(size / 4 + 1);
    expect(countReadableWords(`${'a'.repeat(size)}@example and ${'b'.repeat(size)}`)).toBe(4);
  });
});
