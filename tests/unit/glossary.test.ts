/**
 * The glossary's shape (docs/glossary.md): every term says what not to call
 * it, so a word never carries two jobs again without someone noticing, and
 * no term is defined twice.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const GLOSSARY = readFileSync(resolve(import.meta.dirname, '../../docs/glossary.md'), 'utf8');

/** The entries: each a list item opening with its term in bold, up to the next item or heading. */
const entries = GLOSSARY.split(/\n(?=- \*\*|## )/)
  .filter((block) => block.startsWith('- **'))
  .map((block) => ({ term: /^- \*\*([^*]+)\*\*/.exec(block)?.[1] ?? '', text: block }));

describe('docs/glossary.md', () => {
  it('has entries', () => {
    expect(entries.length).toBeGreaterThan(50);
  });

  it('gives every term an Avoid line', () => {
    expect(entries.filter((entry) => !/\bAvoid:\s+\S/.test(entry.text)).map((entry) => entry.term)).toEqual([]);
  });

  it('defines each term once', () => {
    const terms = entries.map((entry) => entry.term.toLowerCase());
    expect(terms.filter((term, index) => terms.indexOf(term) !== index)).toEqual([]);
  });
});
