/**
 * The read time a post or resource shows when its author sets none: the
 * words a reader reads, at an adult's silent reading pace. Markdown syntax,
 * addresses of links and images, and HTML tags are not read, so they are
 * not counted; link texts and image descriptions are.
 */

/** Words a minute: the usual figure for silent reading of non-fiction. */
export const WORDS_PER_MINUTE = 230;

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/**
 * The text of a markdown body a reader reads, without its syntax. It runs on
 * every keystroke in the editor, so each pattern stays linear on any input:
 * a pattern's repeated part never matches the character that starts it
 * (a `[` run inside `[…]`, a `<` inside `<…>`), and an e-mail address is only
 * tried from the start of a word, so no long run is rescanned from each of its
 * characters.
 */
export function readableText(markdown: string): string {
  return (
    markdown
      // Code fences with their language, and the numbers of ordered lists.
      .replace(/^ {0,3}(?:`{3,}|~{3,}).*$/gm, ' ')
      .replace(/^[ \t]*\d+[.)]\s/gm, ' ')
      // Reference definitions: `[id]: https://… "title"`.
      .replace(/^ {0,3}\[[^[\]\n]+\]:\s*\S+(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*$/gm, ' ')
      // Images and links keep their text, lose their address: `![alt](url)`, `[text](url "title")`.
      .replace(/!?\[([^[\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g, ' $1 ')
      // Reference-style links and images: `[text][id]`.
      .replace(/!?\[([^[\]\n]*)\]\[[^[\]\n]*\]/g, ' $1 ')
      // Autolinks and HTML tags.
      .replace(/<[^<>\n]*>/g, ' ')
      // Bare addresses (GFM turns them into links) and e-mail addresses.
      .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
      .replace(/(?<![^\s@])[^\s@]+@[^\s@]+\.[^\s@]+/g, ' ')
  );
}

/** The words of a markdown body a reader reads. */
export function countReadableWords(markdown: string): number {
  return readableText(markdown).match(WORD)?.length ?? 0;
}

/** Whole minutes to read a markdown body, at least 1. */
export function estimateReadTime(markdown: string): number {
  return Math.max(1, Math.ceil(countReadableWords(markdown) / WORDS_PER_MINUTE));
}
