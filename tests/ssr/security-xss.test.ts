/**
 * Script injection through stored content, as the public detail page renders
 * it on the server: hostile markdown bodies (raw HTML, dangerous link
 * schemes, mutation tricks), and hostile titles, excerpts and image paths
 * that reach attributes, meta tags, JSON-LD and the hydration data. The
 * simple cases (`<script>`, `<img onerror>`, a `javascript:` link) are in
 * detail.test.ts; these go further. Every page must carry exactly the
 * scripts and handlers of a page with harmless content.
 */
import { JSDOM, VirtualConsole } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '../../server/start-up.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, seedPost, seedResource, type SiteApp } from './site-app.ts';

const MARKDOWN_PAYLOADS: [name: string, markdown: string][] = [
  ['an iframe with a javascript: source', '<iframe src="javascript:alert(1)"></iframe>'],
  ['an inline SVG with onload', '<svg onload="alert(1)"><circle r="5"/></svg>'],
  ['a raw HTML link to javascript:', '<a href="javascript:alert(1)">raw</a>'],
  ['a markdown link with a mixed-case scheme', '[x](JaVaScRiPt:alert(1))'],
  ['a markdown link with an entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
  ['a markdown link with a hex-encoded letter', '[x](java&#x73;cript:alert(1))'],
  ['a markdown link with a tab in the scheme', '[x](java\tscript:alert(1))'],
  ['a data: HTML link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['a vbscript: link', '[x](vbscript:msgbox(1))'],
  ['an image from javascript:', '![pic](javascript:alert(1))'],
  ['an image from a data: SVG', '![pic](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E)'],
  ['an autolink to javascript:', '<javascript:alert(1)>'],
  ['a reference link to javascript:', '[x][evil]\n\n[evil]: javascript:alert(1)'],
  ['details with ontoggle', '<details open ontoggle="alert(1)"><summary>s</summary></details>'],
  ['a form posting to javascript:', '<form action="javascript:alert(1)"><button>go</button></form>'],
  ['object and embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
  ['a base element', '<base href="https://evil.example/">'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['an autofocus input', '<input autofocus onfocus="alert(1)">'],
  ['a style block', '<style>body { background: url(javascript:alert(1)) }</style>'],
  ['a math mutation trick', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['a comment break-out', '<!-- --><script>alert(1)</script> -->'],
  ['a wrapper break-out', '</div><script>alert(1)</script><div>'],
  ['a script end tag for the hydration data', '</script><script>alert(1)</script>'],
  ['an unclosed image tag', '<img src=x onerror=alert(1)//'],
  ['an attribute in a link title', '[x](https://example.com "\\" onmouseover=\\"alert(1))'],
  ['a javascript: link in a table cell', '| a |\n| --- |\n| [x](javascript:alert(1)) |'],
];

/** Goes into the title, excerpt and the like, which land in attributes, meta tags and JSON. */
const TEXT_PAYLOAD = '</script><script>alert(1)</script>"\'><img src=x onerror=alert(1)>';

let t: TestApp;
let site: SiteApp;
let control: string;

const stripControls = (value: string) => [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
const URL_ATTRIBUTES = /^(href|src|action|formaction|data|xlink:href|poster|background|srcdoc)$/i;
const ACTIVE_TAGS = 'script, iframe, frame, object, embed, base, meta[http-equiv], form, input, button, style, svg, math, details';

/**
 * What could run in a page, found by parsing it as a browser would: script
 * elements, inline handlers, URL attributes with a script or document
 * scheme, and elements that load or act. Text that merely looks like markup
 * (escaped, or inside a quoted attribute or a script's data) is not counted.
 */
function activeParts(html: string) {
  // A silent console: the hostile stylesheets are not valid CSS, and saying so is not a failure.
  const { window } = new JSDOM(html, { virtualConsole: new VirtualConsole() });
  try {
    const elements = [...window.document.querySelectorAll('*')];
    const attributes = elements.flatMap((element) => [...element.attributes].map((attribute) => ({ element, attribute })));
    return {
      handlers: attributes
        .filter(({ attribute }) => /^on/i.test(attribute.name))
        .map(({ element, attribute }) => `${element.localName}[${attribute.name}]`)
        .sort(),
      schemes: attributes
        .filter(({ attribute }) => URL_ATTRIBUTES.test(attribute.name))
        // Browsers ignore control characters and spaces around and inside a scheme.
        .filter(({ attribute }) => /^(javascript|vbscript|data):/i.test(stripControls(attribute.value)))
        .map(({ element, attribute }) => `${element.localName}[${attribute.name}=${attribute.value}]`),
      tags: [...window.document.querySelectorAll(ACTIVE_TAGS)].map((element) => element.localName).sort().join(','),
    };
  } finally {
    window.close();
  }
}

/** The page without its "More projects" section. */
const withoutRelated = (html: string) => html.replace(/<section aria-labelledby="related-projects"[\s\S]*?<\/section>/, '');

/** The article's markdown body. */
const bodyOf = (html: string) => html.match(/<div class="markdown">([\s\S]*?)<\/div>/)?.[1] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  site = await createSiteApp(t);
  await seedPost(t, { slug: 'harmless-control', title: 'Harmless', content: '## Fine\n\n[a link](https://example.com)' });
  control = await (await site.get('/harmless-control')).text();
});
afterAll(async () => {
  await t.close();
});

describe('hostile markdown on a post page', () => {
  it.each(MARKDOWN_PAYLOADS)('renders %s inert', async (name, markdown) => {
    const slug = `xss-post-${MARKDOWN_PAYLOADS.findIndex(([other]) => other === name)}`;
    await seedPost(t, { slug, title: 'Harmless', content: `Before.\n\n${markdown}\n\nAfter.` });
    const response = await site.get(`/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The "More projects" cards differ from page to page (the control has none): compared without them,
    // and the whole page still carries no handler nor hostile scheme.
    expect(activeParts(withoutRelated(html))).toEqual(activeParts(control));
    expect(activeParts(html)).toMatchObject({ handlers: [], schemes: [] });
    const body = bodyOf(html);
    expect(body).toContain('After.');
    expect(activeParts(`<!DOCTYPE html><body>${body}</body>`)).toEqual({ handlers: [], schemes: [], tags: '' });
  });
});

describe('hostile markdown on a resource page', () => {
  it('renders every payload inert at once', async () => {
    const content = MARKDOWN_PAYLOADS.map(([, markdown]) => markdown).join('\n\n');
    await seedResource(t, { slug: 'xss-resource', title: 'Harmless', content: `${content}\n\nAfter.` });
    const html = await (await site.get('/xss-resource')).text();
    expect(html).toContain('After.');
    expect(activeParts(html)).toEqual(activeParts(control));
  });
});

describe('hostile markdown saved through the content service', () => {
  it.each(MARKDOWN_PAYLOADS)('stores and answers %s inert', async (name, markdown) => {
    // Saved as the back office saves: the HTML is rendered then and stored with the post (decision 033).
    const slug = `xss-saved-${MARKDOWN_PAYLOADS.findIndex(([other]) => other === name)}`;
    await composeApp(t.deps).services.posts.create({
      slug,
      title: 'Harmless',
      status: 'published',
      // As seedPost fills them, so the page has the control's shape.
      excerpt: 'Why Harmless is worth a look.',
      cover_image: '/images/demo/solar-backpack.svg',
      read_time: 4,
      content: `Before.\n\n${markdown}\n\nAfter.`,
    });
    const stored = await t.deps.db.selectFrom('posts').select('content_html').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(stored.content_html).toContain('After.');
    expect(activeParts(`<!DOCTYPE html><body>${stored.content_html ?? ''}</body>`)).toEqual({ handlers: [], schemes: [], tags: '' });
    const html = await (await site.get(`/${slug}`)).text();
    expect(activeParts(withoutRelated(html))).toEqual(activeParts(control));
    expect(html).toContain(`<div class="markdown">${stored.content_html ?? 'missing'}</div>`);
  });
});

describe('hostile text fields', () => {
  it('are escaped in the title, excerpt, meta tags, JSON-LD and hydration data', async () => {
    await seedPost(t, {
      slug: 'xss-fields',
      title: `Title ${TEXT_PAYLOAD}`,
      excerpt: `Excerpt ${TEXT_PAYLOAD}`,
      content: 'Body.',
      // Valid through the API: a site path without spaces.
      cover_image: '/x"onerror="alert(1)',
      campaign_url: 'https://example.com/"><script>alert(1)</script>',
    });
    // The same page shape (campaign button, cover) with harmless values.
    await seedPost(t, {
      slug: 'harmless-fields',
      title: 'Title',
      excerpt: 'Excerpt',
      content: 'Body.',
      cover_image: '/cover.png',
      campaign_url: 'https://example.com/campaign',
    });
    const fieldsControl = await (await site.get('/harmless-fields')).text();
    const html = await (await site.get('/xss-fields')).text();
    expect(activeParts(html)).toEqual(activeParts(fieldsControl));
    expect(html).not.toContain('<img src=x onerror');
    expect(html).not.toMatch(/<script>alert/i);
    // Every script's content stays inside its element: no early end tag.
    for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
      expect(match[1]).not.toContain('alert(1)</');
    }
  });
});
