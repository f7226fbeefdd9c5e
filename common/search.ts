/**
 * Site search as text (decision 028): the words of a query, and the
 * highlighted snippet of a result. Both engines index the same words (runs
 * of letters and digits, lower-cased) and a query word matches every indexed
 * word it begins ("kick" finds "Kickstarter"); the snippet marks exactly
 * those words, so it reads the same on SQLite and PostgreSQL.
 *
 * The snippet contract: HTML-escaped text (`&`, `<`, `>`, `"` and `'` are
 * entities) in which the only markup is `<mark>…</mark>` around the matched
 * words. It is safe to insert as HTML; the site's pages do better and turn it
 * back into text and marks (`snippetParts`), which React escapes again.
 */
import { escapeHtml } from './html.ts';

/** The longest query a search accepts, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Words of a query beyond these are ignored: each one is a prefix scan of the index. */
export const MAX_SEARCH_TERMS = 10;

/** How many words a snippet shows at most. */
const SNIPPET_WORDS = 28;
/** How long a snippet's text may be, in characters, about. */
const SNIPPET_MAX_CHARS = 320;
/** How much of a body a snippet is looked for in: the start of very long ones only. */
const SNIPPET_SOURCE_CHARS = 100_000;
/** How many words before the first match a snippet starts. */
const SNIPPET_LEAD = 5;

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct words of a query, lower-cased, in order: the first MAX_SEARCH_TERMS. */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** Whether a query has anything to search for: at least one letter or digit. */
export const hasSearchTerms = (query: string): boolean => searchTerms(query).length > 0;


function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The readable text of a markdown body: link and image syntax, heading,
 * list and quote markers, fences, emphasis and table rules taken out,
 * whitespace made single spaces. Raw HTML stays as text (and is escaped in
 * a snippet). Line by line, and with bounded repeats inside a line, so no
 * body can make these patterns backtrack for long.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      // Reference definitions, fence lines, table rules and horizontal rules.
      if (/^[ \t]*\[[^\]]{1,200}\]:[ \t]*\S/.test(line) || /^[ \t]*(```|~~~)/.test(line)) return '';
      if (/^[ \t|:*_-]+$/.test(line) && /[-*_]/.test(line)) return '';
      return line.replace(/^[ \t]{0,3}(#{1,6}|>{1,10}|[-*+]|\d{1,9}[.)])[ \t]+/, '');
    })
    .join('\n')
    .replace(/!\[([^\]\n]{0,200})\]\([^)\n]{0,500}\)/g, '$1')
    .replace(/\[([^\]\n]{0,200})\]\([^)\n]{0,500}\)/g, '$1')
    .replace(/\[([^\]\n]{0,200})\]\[[^\]\n]{0,200}\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]{1,500})>/g, '$1')
    .replace(/[*~`|]+/g, ' ')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Word {
  start: number;
  end: number;
  /** Which query term it matches; -1 for none. */
  term: number;
}

/** Matched words looked at to place a snippet: plenty for any page of text. */
const MAX_CANDIDATES = 40;

/**
 * The words of a text, each with the term it matches. Reading stops a
 * window's length after the MAX_CANDIDATES-th match, or (no terms) after one
 * window: long bodies are not read to their end (`complete` is then false).
 */
function wordsOf(text: string, terms: readonly string[]): { words: Word[]; complete: boolean } {
  const words: Word[] = [];
  const pattern = new RegExp(WORD.source, 'gu');
  let matches = 0;
  let stopAt = terms.length === 0 ? SNIPPET_WORDS : Number.POSITIVE_INFINITY;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    if (words.length >= stopAt) return { words, complete: false };
    const lower = found[0].toLowerCase();
    const term = terms.findIndex((candidate) => lower.startsWith(candidate));
    words.push({ start: found.index, end: found.index + found[0].length, term });
    if (term >= 0 && (matches += 1) === MAX_CANDIDATES) stopAt = words.length + SNIPPET_WORDS;
  }
  return { words, complete: true };
}

/** Where a window of SNIPPET_WORDS words shows the most distinct terms (then the most matches, then the earliest). */
function bestWindow(words: Word[], termCount: number): number {
  let best = 0;
  let bestScore = -1;
  const seen = new Array<boolean>(termCount).fill(false);
  for (let i = 0; i < words.length; i += 1) {
    if ((words[i] as Word).term < 0) continue;
    // A few words of context before; near the end, as many as the window holds.
    const start = Math.max(0, Math.min(i - SNIPPET_LEAD, words.length - SNIPPET_WORDS));
    seen.fill(false, 0, termCount);
    let distinct = 0;
    let matched = 0;
    for (let j = start; j < Math.min(words.length, start + SNIPPET_WORDS); j += 1) {
      const term = (words[j] as Word).term;
      if (term < 0) continue;
      matched += 1;
      if (!seen[term]) distinct += 1;
      seen[term] = true;
    }
    const score = distinct * 1000 + matched;
    if (score > bestScore) {
      best = start;
      bestScore = score;
    }
  }
  return best;
}

/** One text's snippet: escaped, its matched words marked, `…` where it was cut. */
function snippetOf(text: string, { words, complete }: { words: Word[]; complete: boolean }, termCount: number): string {
  if (words.length === 0) return escapeHtml(text.length > 200 ? `${text.slice(0, 200)}…` : text);
  const first = bestWindow(words, termCount);
  let last = Math.min(words.length, first + SNIPPET_WORDS) - 1;
  const from = first === 0 ? 0 : (words[first] as Word).start;
  // Very long words (a pasted link, a hash) would make a long snippet.
  while (last > first && (words[last] as Word).end - from > SNIPPET_MAX_CHARS) last -= 1;
  const to = complete && last === words.length - 1 ? text.length : (words[last] as Word).end;
  let out = from > 0 ? '…' : '';
  let at = from;
  for (let i = first; i <= last; i += 1) {
    const word = words[i] as Word;
    if (word.term < 0) continue;
    out += `${escapeHtml(text.slice(at, word.start))}<mark>${escapeHtml(text.slice(word.start, word.end))}</mark>`;
    at = word.end;
  }
  out += escapeHtml(text.slice(at, to));
  return to < text.length ? `${out}…` : out;
}

const hasMatch = (read: { words: Word[] }) => read.words.some((word) => word.term >= 0);

/**
 * The snippet of one result: the part of its body (its first
 * SNIPPET_SOURCE_CHARS characters) that shows the most query terms, else its
 * excerpt marked; when only the title matched, the
 * excerpt (or the body's beginning) unmarked. See the contract above.
 */
export function buildSnippet(item: { excerpt: string | null; content: string }, terms: readonly string[]): string {
  const body = markdownToText(item.content.slice(0, SNIPPET_SOURCE_CHARS));
  const inBody = wordsOf(body, terms);
  if (hasMatch(inBody)) return snippetOf(body, inBody, terms.length);
  const excerpt = item.excerpt?.trim() ?? '';
  const inExcerpt = wordsOf(excerpt, terms);
  if (hasMatch(inExcerpt)) return snippetOf(excerpt, inExcerpt, terms.length);
  // Nothing matched here (the title did): the beginning, unmarked.
  const shown = excerpt !== '' ? excerpt : body;
  return snippetOf(shown, wordsOf(shown, []), 0);
}

/** A snippet as text and marked text, for rendering without HTML. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * A snippet (see the contract above) as parts: the text between marks and
 * the marked text, entities decoded. Anything else that looks like markup
 * stays text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const match of snippet.matchAll(/<mark>([\s\S]*?)<\/mark>/g)) {
    if (match.index > at) parts.push({ text: unescapeHtml(snippet.slice(at, match.index)), mark: false });
    parts.push({ text: unescapeHtml(match[1] ?? ''), mark: true });
    at = match.index + match[0].length;
  }
  if (at < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(at)), mark: false });
  return parts;
}
