/**
 * SVG is a document format: it can carry scripts, event handlers and
 * `javascript:` links, and load images, fonts and style sheets from
 * elsewhere (a tracking pixel in a logo). Every uploaded SVG is rewritten
 * through DOMPurify's SVG profile before it is stored, with every reference
 * outside the file cut besides (links excepted), and served with a
 * sandboxing Content-Security-Policy (see serve.ts), so no one layer has to
 * be perfect. The policy does not travel with a file redirected to
 * S3_PUBLIC_URL; the cuts do.
 */
import type createDOMPurifyType from 'dompurify';
import type { DOMPurify } from 'dompurify';
import type { JSDOM as JSDOMType } from 'jsdom';

/**
 * jsdom and DOMPurify, loaded on the first SVG upload: jsdom alone takes
 * about 75 MB of memory once loaded, which a server that is never sent an
 * SVG should not carry.
 */
let libraries: Promise<{ JSDOM: typeof JSDOMType; createDOMPurify: typeof createDOMPurifyType }> | undefined;

function loadLibraries() {
  libraries ??= Promise.all([import('jsdom'), import('dompurify')]).then(
    ([jsdom, purify]) => ({ JSDOM: jsdom.JSDOM, createDOMPurify: purify.default }),
    (error: unknown) => {
      // Tried again on the next upload rather than failing every one after.
      libraries = undefined;
      throw error;
    },
  );
  return libraries;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** `url(…)` pointing anywhere but into this file (`url(#gradient)`). */
const OUTSIDE_URL = /url\(\s*(?![\s'"]*#)[^)]*\)?/gi;
/** What CSS could still load by after the cuts, or hide a load behind (escapes): the whole style goes. */
const CSS_LOAD = /\\|@import|image-set|(^|[^\w-])src\s*\(/i;
/** Images embedded in the file itself, which load nothing. */
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp);/i;

/**
 * CSS (a style element or attribute, or a presentation attribute such as
 * `fill` or `mask`, which browsers read as CSS too) with nothing that loads
 * from elsewhere.
 */
function cssWithoutLoads(css: string): string {
  const cut = css.replace(/@import[^;]*;?/gi, '').replace(OUTSIDE_URL, 'none');
  return CSS_LOAD.test(cut) ? '' : cut;
}

/**
 * Hooks that cut what would load from outside the file: `href` of anything
 * but a link (`<image>`, `<feImage>`, `<use>`) unless it points inside the
 * file or embeds a raster image; in every other attribute and in style
 * elements, `url()` outside the file, imports, and CSS escapes (`u\\72l(`
 * is `url(` to a browser).
 */
function keepReferencesInside(purify: DOMPurify): void {
  purify.addHook('uponSanitizeElement', (node) => {
    if (node.nodeName.toLowerCase() === 'style' && node.textContent) node.textContent = cssWithoutLoads(node.textContent);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue;
    if ((name === 'href' || name === 'xlink:href') && node.nodeName.toLowerCase() !== 'a') {
      const target = value.trim();
      if (!target.startsWith('#') && !EMBEDDED_IMAGE.test(target)) data.keepAttr = false;
    } else {
      data.attrValue = cssWithoutLoads(value);
    }
  });
}

/**
 * The SVG without anything that can run, as XML text; null when the text is
 * not an SVG document (malformed XML, external entities, another root
 * element, or an `<svg>` outside the SVG namespace, which browsers would not
 * draw as an image anyway).
 */
export async function sanitiseSvg(text: string): Promise<string | null> {
  const { JSDOM, createDOMPurify } = await loadLibraries();
  let dom: JSDOMType;
  try {
    // Parsed as XML: entities resolve here (external ones are refused) and
    // the output is serialised as XML, which an HTML round trip would break
    // (`&nbsp;` is not XML).
    dom = new JSDOM(text, { contentType: 'image/svg+xml' });
  } catch {
    return null;
  }
  const { window } = dom;
  try {
    const root = window.document.documentElement;
    if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) return null;
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    keepReferencesInside(purify);
    purify.sanitize(root, { IN_PLACE: true, USE_PROFILES: { svg: true, svgFilters: true } });
    return new window.XMLSerializer().serializeToString(root);
  } catch {
    // DOMPurify refuses to clean in place when the root itself would go.
    return null;
  } finally {
    window.close();
  }
}
