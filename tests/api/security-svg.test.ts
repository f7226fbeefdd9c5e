/**
 * Hostile SVG uploads beyond the ones in tests/api/media.test.ts ('SVG
 * uploads'): animation that writes handlers or links, SVG 2 plain `href`,
 * entity-encoded schemes, external references, styles, processing
 * instructions, namespace prefixes and parser-confusion tricks. Each is
 * either refused or served without anything that can run or load.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attributes = '') => `<svg ${NS} width="10" height="10"${attributes}>${inner}<rect width="5" height="5"/></svg>`;

const PAYLOADS: [name: string, text: string][] = [
  ['<set> writing an event handler', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
  ['<animate> turning a link into javascript:', svg('<a href="#"><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>')],
  ['<animate> on xlink:href', svg('<a xlink:href="#"><animate attributeName="xlink:href" to="javascript:alert(1)"/><text>x</text></a>')],
  ['an SVG 2 plain href with javascript:', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
  ['an entity-encoded javascript: scheme', svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>')],
  ['a javascript: scheme with whitespace and case', svg('<a href=" JaVaScRiPt:alert(1)"><text>x</text></a>')],
  ['an image from javascript:', svg('<image href="javascript:alert(1)" width="5" height="5"/>')],
  ['an image from a data: SVG carrying a script', svg(`<image href="data:image/svg+xml;base64,${Buffer.from(svg('<script>alert(1)</script>')).toString('base64')}" width="5" height="5"/>`)],
  ['<use> of an external document', svg('<use href="https://evil.example/sprite.svg#icon"/>')],
  ['<use> of a data: document', svg('<use xlink:href="data:image/svg+xml,&lt;svg id=&quot;x&quot; xmlns=&quot;http://www.w3.org/2000/svg&quot; onload=&quot;alert(1)&quot;/&gt;#x"/>')],
  ['a script by reference', svg('<script xlink:href="https://evil.example/x.js"/>')],
  ['a script in CDATA', svg('<script><![CDATA[alert(1)]]></script>')],
  ['a prefixed script element', `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><svg:rect width="5" height="5"/></svg:svg>`],
  ['an XML Events handler', svg('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>')],
  ['a style importing a remote sheet', svg('<style>@import url(https://evil.example/x.css);</style>')],
  ['a style with a javascript: url', svg('<style>rect { fill: url(javascript:alert(1)); }</style>')],
  ['an inline style with a remote url', svg('<rect width="5" height="5" style="fill: url(https://evil.example/track.png)"/>')],
  ['an image from another site', svg('<image href="https://evil.example/pixel.png" width="5" height="5"/>')],
  ['a filter image from another site', svg('<filter id="f"><feImage xlink:href="https://evil.example/pixel.png"/></filter>')],
  ['a paint server on another site', svg('<rect width="5" height="5" fill="url(https://evil.example/paint.svg#g)" mask="url(\'https://evil.example/m.svg#m\')"/>')],
  ['a font loaded by @font-face', svg('<style>@font-face { font-family: f; src: url(https://evil.example/f.woff); }</style>')],
  ['an image-set in a style', svg('<style>rect { fill: red; background: image-set("https://evil.example/x.png" 1x); }</style>')],
  ['a url hidden behind CSS escapes', svg('<style>rect { background: u\\72l(https://evil.example/x.png); }</style>')],
  ['presentation attributes hiding url behind CSS escapes', svg('<rect width="5" height="5" fill="u\\72l(https://evil.example/f.svg#g) red" mask="\\75rl(https://evil.example/m.png)" clip-path="&#92;75rl(https://evil.example/c.svg#c)"/>')],
  ['an xml-stylesheet processing instruction', `<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>${svg('')}`],
  ['an iframe, embed and object in the HTML namespace', svg('<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml"><embed src="javascript:alert(1)"/><object data="javascript:alert(1)"/><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/></div></foreignObject>')],
  ['a feImage from javascript:', svg('<filter id="f"><feImage href="javascript:alert(1)"/></filter>')],
  ['a title hiding a script in CDATA (mutation)', svg('<title><![CDATA[</title><script>alert(1)</script>]]></title>')],
  ['an onbegin handler on an animation', svg('<animate onbegin="alert(1)" attributeName="x" dur="1s"/>')],
  ['handlers on the root and a nested svg', svg('<svg onload="alert(1)"><rect width="1" height="1"/></svg>', ' onload="alert(2)" onerror="alert(3)"')],
  ['a formaction on a button', svg('<foreignObject><button xmlns="http://www.w3.org/1999/xhtml" formaction="javascript:alert(1)">x</button></foreignObject>')],
  ['an internal entity expanding to a script', `<!DOCTYPE svg [<!ENTITY s "&lt;script&gt;alert(1)&lt;/script&gt;">]>${svg('<text>&s;</text>')}`],
  ['nested entities (billion laughs, small)', `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>${svg('<text>&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;</text>')}`],
];

/** Anything that could run, in the stored file itself. */
const EXECUTABLE: [string, RegExp][] = [
  ['a script element', /<([\w-]+:)?script\b/i],
  ['an event handler', /\son[a-z]+\s*=/i],
  ['a javascript: URL in an attribute', /="[^"]*javascript:/i],
  ['a document in a data: URL', /="\s*data:(?!image\/)/i],
  ['embedded HTML or XML Events', /<([\w-]+:)?(iframe|embed|object|foreignObject|button|handler)\b/i],
  ['an animation of links or handlers', /attributeName\s*=\s*"(on|(xlink:)?href)/i],
  ['a processing instruction', /<\?xml-stylesheet/i],
];

/** What could load from elsewhere (images, style imports, `url()` in CSS): cut from the file itself. */
const REMOTE: RegExp[] = [/https?:\/\/evil\.example/i, /@import/i, /url\(\s*javascript:/i];

/** Numeric character references decoded, so `&#106;avascript:` is seen as `javascript:`. */
const decodeReferences = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)));

async function uploadSvg(text: string): Promise<{ status: number; key: string; error?: string }> {
  const bytes = Buffer.from(text);
  const start = await t.request('POST', '/admin/media/upload-url', {
    token,
    body: { fileName: 'drawing.svg', contentType: 'image/svg+xml', fileSize: bytes.length },
  });
  expect(start.status).toBe(201);
  const { upload_url, s3_key } = start.body as { upload_url: string; s3_key: string };
  const response = await t.app.request(upload_url, {
    method: 'PUT',
    headers: { 'content-type': 'image/svg+xml', 'content-length': String(bytes.length) },
    body: new Uint8Array(bytes),
  });
  const body = response.status === 204 ? undefined : ((await response.json()) as { error: string });
  return { status: response.status, key: s3_key, error: body?.error };
}

describe('hostile SVG uploads', () => {
  it.each(PAYLOADS)('neutralise %s', async (_name, text) => {
    const upload = await uploadSvg(text);
    if (upload.status !== 204) {
      // Refused outright: fine, as long as it is a clean refusal.
      expect(upload.status).toBeLessThan(500);
      expect(upload.error).toBe('INVALID_FILE_TYPE');
      expect((await t.app.request(`http://localhost/${upload.key}`)).status).toBe(404);
      return;
    }
    const served = await t.app.request(`http://localhost/${upload.key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = served.headers.get('content-security-policy') ?? '';
    const stored = await served.text();
    for (const [what, pattern] of EXECUTABLE) {
      expect(stored, `${what} survived`).not.toMatch(pattern);
      expect(decodeReferences(stored), `${what} survived (encoded)`).not.toMatch(pattern);
    }
    for (const pattern of REMOTE) expect(stored, 'a load from elsewhere survived').not.toMatch(pattern);
    // And should one slip through, the policy forbids every load and script.
    expect(policy).toMatch(/^default-src 'none';/);
    expect(policy).not.toMatch(/https?:|\*|script-src|img-src|style-src [^;]*(https?:|\*)/);
    // The harmless drawing is kept, and entity tricks did not balloon it.
    expect(stored).toMatch(/<(svg:)?rect\b/);
    expect(stored.length).toBeLessThan(20_000);
  });

  it('keeps what stays inside the file: gradients, filters, embedded images, styles and links', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
        '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs>' +
        '<style>.mark { fill: url(#g); stroke: #333; }</style>' +
        `<image href="${pixel}" width="2" height="2"/>` +
        '<rect class="mark" width="5" height="5" fill="url(#g)" filter="url(#f)" style="opacity: 0.5"/>' +
        '<circle r="2" fill="url( \'#g\')"/>' +
        '<a href="https://example.com/campaign"><text>More</text></a>',
    );
    const upload = await uploadSvg(drawing);
    expect(upload.status).toBe(204);
    const stored = await (await t.app.request(`http://localhost/${upload.key}`)).text();
    for (const kept of [
      'fill: url(#g)',
      'fill="url(#g)"',
      'filter="url(#f)"',
      "fill=\"url( '#g')\"",
      'style="opacity: 0.5"',
      `href="${pixel}"`,
      'href="https://example.com/campaign"',
    ]) {
      expect(stored).toContain(kept);
    }
  });
});
