/**
 * SVG is a document format: it can carry scripts, event handlers and
 * `javascript:` links. Every uploaded SVG is rewritten through DOMPurify's
 * SVG profile before it is stored, and served with a sandboxing
 * Content-Security-Policy besides (see serve.ts), so neither alone has to
 * be perfect.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * The SVG without anything that can run, as XML text; null when the text is
 * not an SVG document (malformed XML, external entities, another root
 * element, or an `<svg>` outside the SVG namespace, which browsers would not
 * draw as an image anyway).
 */
export function sanitiseSvg(text: string): string | null {
  let dom: JSDOM;
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
    purify.sanitize(root, { IN_PLACE: true, USE_PROFILES: { svg: true, svgFilters: true } });
    return new window.XMLSerializer().serializeToString(root);
  } catch {
    // DOMPurify refuses to clean in place when the root itself would go.
    return null;
  } finally {
    window.close();
  }
}
