import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createNonce } from '../../server/http/content-security-policy.ts';
import { NoncedBody } from '../../server/http/nonced-body.ts';

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><style>body{color:red}</style></head><body>${'<p>Crowdfunding ✓ déjà vu</p>'.repeat(500)}` +
  `<script nonce="${nonce}">window.a=1</script><link rel="modulepreload" nonce="${nonce}" href="/x.js">` +
  `<script type="module" nonce="${nonce}">import "/x.js"</script></body></html>`;

describe('NoncedBody', () => {
  const rendered = createNonce();
  const body = new NoncedBody(new TextEncoder().encode(page(rendered)), rendered);

  it('finds every occurrence of the nonce it was rendered with', () => {
    expect(body.occurrences).toBe(3);
  });

  it('answers the page with another nonce in every place', () => {
    const next = createNonce();
    expect(body.withNonce(next).toString('utf8')).toBe(page(next));
  });

  it('holds, once it has made a gzip answer, about the page and its compressed pieces, as it counts them', () => {
    const many = createNonce();
    const scripts = Array.from({ length: 12 }, (_, i) => `<p>part ${i}</p><script nonce="${many}">window.a${i}=1</script>`).join('');
    const small = new NoncedBody(new TextEncoder().encode(`<!DOCTYPE html><html><body>${scripts}</body></html>`), many);
    const gzipped = small.gzipWithNonce(createNonce());
    // The count follows the memory kept alive: twelve short pieces, not twelve of zlib's 16 KB chunks.
    expect(small.heldBytes).toBeLessThan(small.byteLength + gzipped.length);
  });

  it('makes a gzip stream that decompresses to the page with the new nonce', () => {
    const next = createNonce();
    const gzipped = body.gzipWithNonce(next);
    expect(gunzipSync(gzipped).toString('utf8')).toBe(page(next));
    // Compressed, not stored: the pieces were deflated.
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(page(next)) / 5);
  });

  it('keeps the gzip stream valid on repeated answers and at the edges of the page', () => {
    const edge = createNonce();
    const edges = new NoncedBody(new TextEncoder().encode(`${edge}middle${edge}${edge}`), edge);
    for (let i = 0; i < 3; i += 1) {
      const next = createNonce();
      expect(gunzipSync(edges.gzipWithNonce(next)).toString('utf8')).toBe(`${next}middle${next}${next}`);
    }
  });

  it('gives the same template whatever the nonce of the answer', () => {
    expect(body.template('NONCE').toString('utf8')).toBe(page('NONCE'));
  });

  it('handles a page without the nonce as one piece', () => {
    const plain = new NoncedBody(new TextEncoder().encode('<p>no scripts</p>'), createNonce());
    expect(plain.occurrences).toBe(0);
    expect(gunzipSync(plain.gzipWithNonce(createNonce())).toString('utf8')).toBe('<p>no scripts</p>');
  });
});

describe('a piece every kept page has', () => {
  // The public stylesheet between two nonces (its attribute and a closing comment), as app/root.tsx writes it, in two pages otherwise different.
  const stylesheet = `.rule{color:red}`.repeat(2_000);
  const pageWith = (nonce: string, body: string) =>
    `<head><meta name="a"/><style nonce="${nonce}" id="site-css">${stylesheet}/*${nonce}*/</style></head><body>${body}<script nonce="${nonce}"></script></body>`;

  it('is held once for all of them and counted against the first only, in both encodings', () => {
    const first = new NoncedBody(Buffer.from(pageWith('n1', 'first')), 'n1');
    const second = new NoncedBody(Buffer.from(pageWith('n2', 'second')), 'n2');
    expect(first.withNonce('x').toString()).toBe(pageWith('x', 'first'));
    expect(second.withNonce('y').toString()).toBe(pageWith('y', 'second'));
    expect(second.byteLength).toBeGreaterThan(stylesheet.length);
    expect(first.heldBytes).toBeGreaterThan(stylesheet.length);
    expect(second.heldBytes).toBeLessThan(200);
    expect(gunzipSync(first.gzipWithNonce('w')).toString()).toBe(pageWith('w', 'first'));
    expect(gunzipSync(second.gzipWithNonce('z')).toString()).toBe(pageWith('z', 'second'));
    expect(second.heldBytes).toBeLessThan(400);
  });

  it("counts a page's own long piece against it", () => {
    const body = `<p>${'Only here. '.repeat(3_000)}</p>`;
    const page = new NoncedBody(Buffer.from(`<script nonce="N0NCE"></script>${body}<script nonce="N0NCE"></script>`), 'N0NCE');
    expect(page.heldBytes).toBeGreaterThan(body.length);
  });
});
