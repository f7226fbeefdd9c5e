/**
 * A campaign page's Open Graph tags (`<meta property="og:title" …>`) and
 * the few others that name a campaign's basics (the author, the place, a
 * video, a product price), read
 * with jsdom's HTML parser (already a dependency, for SVG uploads) rather
 * than patterns: real pages quote, order and escape their attributes every
 * way HTML allows. jsdom runs no script and loads nothing by default, and
 * is loaded on the first preview only (decision 039).
 */
import { canonicalVideoUrl, parseVideoUrl } from '../../common/campaign-video.ts';
import { lazyModule } from '../lazy-module.ts';

export interface OpenGraphPreview {
  title: string | null;
  /** An absolute http(s) URL. */
  image: string | null;
  description: string | null;
  /** The campaign's basics the page names (decision 094); null for each it does not. */
  creator_name: string | null;
  location: string | null;
  /** A YouTube or Vimeo video, in its canonical form. */
  video_url: string | null;
  /** The lowest price the page gives (`product:price:*`), as written, in major units. */
  reward_from: { amount: string; currency: string } | null;
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
  const author = clean(meta('author', 'article:author', 'og:author'), 120);
  const place = clean(meta('geo.placename'), 120) ?? clean([meta('og:locality'), meta('og:region'), meta('og:country-name')].filter(Boolean).join(', '), 120);
  const video = [meta('og:video:secure_url'), meta('og:video:url'), meta('og:video'), meta('twitter:player')]
    .map((address) => (address ? parseVideoUrl(address) : null))
    .find((found) => found !== null);
  const amount = meta('product:price:amount', 'og:price:amount')?.trim().replace(/,/g, '') ?? '';
  const currency = meta('product:price:currency', 'og:price:currency')?.trim().toUpperCase() ?? '';
  return {
    title: clean(meta('og:title', 'twitter:title') ?? document.querySelector('title')?.textContent, 200),
    image: absoluteHttpUrl(meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image'), pageUrl),
    description: clean(meta('og:description', 'twitter:description', 'description'), 500),
    // An author given as a profile's address names no one.
    creator_name: author !== null && !/^https?:\/\//i.test(author) ? author : null,
    location: place,
    video_url: video ? canonicalVideoUrl(video) : null,
    reward_from: /^\d+(\.\d+)?$/.test(amount) && /^[A-Z]{3}$/.test(currency) ? { amount, currency } : null,
  };
}
