/**
 * A campaign page's Open Graph tags (`<meta property="og:title" …>`), read
 * with jsdom's HTML parser (already a dependency, for SVG uploads) rather
 * than patterns: real pages quote, order and escape their attributes every
 * way HTML allows. jsdom runs no script and loads nothing by default, and
 * is loaded on the first preview only (decision 039).
 */
import { lazyModule } from '../lazy-module.ts';

export interface OpenGraphPreview {
  title: string | null;
  /** An absolute http(s) URL. */
  image: string | null;
  description: string | null;
}

const loadJsdom = lazyModule('jsdom', 'reading campaign pages', () => import('jsdom'));

/** Text fit for a one-line field: whitespace collapsed, cut at `max` characters. */
function clean(value: string | null | undefined, max: number): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function absoluteHttpUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The title, image and description `html` (the page at `pageUrl`) gives
 * for sharing: Open Graph first, then the page's title and description.
 */
export async function readOpenGraph(html: string, pageUrl: string): Promise<OpenGraphPreview> {
  const { JSDOM } = await loadJsdom();
  // The head is all that is read; a page's body can be most of a megabyte.
  const headEnd = html.search(/<\/head\s*>/i);
  const { document } = new JSDOM(headEnd >= 0 ? html.slice(0, headEnd) : html).window;
  const meta = (...names: string[]): string | null => {
    for (const name of names) {
      for (const element of document.querySelectorAll('meta')) {
        const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
        const content = element.getAttribute('content');
        if (key === name && content && content.trim() !== '') return content;
      }
    }
    return null;
  };
  return {
    title: clean(meta('og:title', 'twitter:title') ?? document.querySelector('title')?.textContent, 200),
    image: absoluteHttpUrl(meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image'), pageUrl),
    description: clean(meta('og:description', 'twitter:description', 'description'), 500),
  };
}
