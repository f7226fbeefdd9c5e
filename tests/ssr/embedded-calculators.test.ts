/**
 * The calculators' embeddable copies: minimal pages other sites may frame,
 * with their result rendered on the server and a link back; the only pages
 * whose headers allow framing.
 */
import { describe, expect, it } from 'vitest';
import { metaContent, textsOf, useSiteApp } from './site-app.ts';

const ORIGIN = 'https://showcase.example.org';

/** The directives of a policy, by name. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

const resultRows = (html: string) => {
  const dds = textsOf(html, 'dd');
  return textsOf(html, 'dt').map((label, index) => [label, dds[index]]);
};

describe('the embeddable calculators', () => {
  const { site } = useSiteApp({ app: { env: { PUBLIC_URL: `${ORIGIN}/` } } });

  it('render the calculator and the result of the GET fields, without the site header, footer or cookie banner', async () => {
    const response = await site.get('/embed/instant-kickstarter-fee-calculator?funds=10000&backers=100');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Kickstarter Fee Calculator']);
    expect(resultRows(html)).toEqual([
      ['Funds raised', '$10,000.00'],
      ['Platform fee (5%)', '$500.00'],
      ['Payment processing (3% + $0.20 per backer)', '$320.00'],
      ['Total fees', '$820.00'],
      ['You receive', '$9,180.00'],
    ]);
    const form = html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toMatch(/action="\/embed\/instant-kickstarter-fee-calculator[?"]/);
    // The site's frame stays out: no navigation, no footer, no consent banner, no search.
    expect(html).not.toMatch(/<nav\b/);
    expect(html).not.toMatch(/<footer\b/);
    expect(html).not.toContain('Reject all');
    expect(html).not.toContain('Skip to content');
    expect(html).not.toContain('Add this calculator to your site');
  });

  it('link back to the full calculator in a new tab, and link the result to the full page', async () => {
    // Without React's text separators, so the link reads as one.
    const html = (await (await site.get('/embed/free-indiegogo-fee-calculator?funds=2500.50&backers=1')).text()).replaceAll('<!-- -->', '');
    expect(textsOf(html, 'h1')).toEqual(['Indiegogo Fee Calculator']);
    expect(html).toMatch(
      /<a href="https:\/\/showcase\.example\.org\/free-indiegogo-fee-calculator" target="_blank" rel="noopener"[^>]*>Open the full Indiegogo calculator on Crowdfunding Showcase<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(html).toMatch(
      /<a href="https:\/\/showcase\.example\.org\/free-indiegogo-fee-calculator\?funds=2500\.50&amp;backers=1"[^>]* target="_blank" rel="noopener"[^>]*>Link to this result/,
    );
  });

  it('show the error of a bad field and no result', async () => {
    const response = await site.get('/embed/instant-kickstarter-fee-calculator?funds=lots&backers=3');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(resultRows(html)).toEqual([]);
    expect(html).toContain('Enter the funds raised as an amount above zero, such as 10000 or 2500.50.');
  });

  it('are never indexed and name the full calculator as canonical', async () => {
    for (const [embed, full] of [
      ['/embed/instant-kickstarter-fee-calculator', '/instant-kickstarter-fee-calculator'],
      ['/embed/free-indiegogo-fee-calculator', '/free-indiegogo-fee-calculator'],
    ] as const) {
      const html = await (await site.get(embed)).text();
      expect(metaContent(html, 'robots'), embed).toBe('noindex, follow');
      expect(html, embed).toContain(`<link rel="canonical" href="${ORIGIN}${full}"/>`);
    }
    const full = await (await site.get('/instant-kickstarter-fee-calculator')).text();
    expect(metaContent(full, 'robots')).toBeUndefined();
  });

  it('are left out of the sitemap, where the full calculators are', async () => {
    const xml = await (await site.get('/sitemap.xml', {})).text();
    expect(xml).toContain(`<loc>${ORIGIN}/instant-kickstarter-fee-calculator</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/free-indiegogo-fee-calculator</loc>`);
    expect(xml).not.toContain('/embed/');
  });
});

describe('framing', () => {
  const { site } = useSiteApp();

  it('is allowed to any site on the two embeddable calculators only, cached answers included', async () => {
    for (const path of ['/embed/instant-kickstarter-fee-calculator', '/embed/free-indiegogo-fee-calculator?funds=10&backers=1']) {
      for (let answer = 0; answer < 2; answer += 1) {
        const response = await site.get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('x-frame-options'), path).toBeNull();
        const policy = directives(response.headers.get('content-security-policy'));
        expect(policy.get('frame-ancestors'), path).toEqual(['*']);
        // Everything else of the page policy stays as strict as on any page.
        expect(policy.get('script-src')?.[1], path).toBe("'strict-dynamic'");
        expect(policy.get('object-src'), path).toEqual(["'none'"]);
        expect(policy.get('base-uri'), path).toEqual(["'none'"]);
        expect(policy.get('form-action'), path).toEqual(["'self'"]);
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
    }
  });

  it('stays refused on the full calculators and every other page, with DENY and frame-ancestors none', async () => {
    for (const path of [
      '/instant-kickstarter-fee-calculator',
      '/free-indiegogo-fee-calculator?funds=10&backers=1',
      '/',
      '/contact-us',
      '/auth',
      '/embed/no-such-calculator',
    ]) {
      const response = await site.get(path);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual(["'none'"]);
    }
    // Other spellings of an embed page are a redirect to it, which no frame shows.
    for (const path of ['/embed/instant-kickstarter-fee-calculator/', '/EMBED/instant-kickstarter-fee-calculator']) {
      const response = await site.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe('/embed/instant-kickstarter-fee-calculator');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
    const api = await site.app.request('http://localhost/api/health');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });
});
