import { describe, expect, it } from 'vitest';
import { decodeHtml, metaContent, textsOf, useSiteApp } from './site-app.ts';

/** The result table as [label, amount] rows. */
const resultRows = (html: string) => {
  const dts = textsOf(html, 'dt');
  const dds = textsOf(html, 'dd');
  return dts.map((label, index) => [label, dds[index]]);
};

describe('the fee calculators', () => {
  const { site } = useSiteApp();

  it('show the Kickstarter form and no result before it is submitted', async () => {
    const response = await site.get('/instant-kickstarter-fee-calculator');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Kickstarter Fee Calculator']);
    expect(html).toContain('<title>Kickstarter Fee Calculator | Crowdfunding Showcase</title>');
    expect(metaContent(html, 'description')).toMatch(/Kickstarter fee calculator/);
    expect(html).toMatch(/<form (?![^>]*role="search")[^>]*method="get"/);
    const funds = html.match(/<input [^>]*name="funds"[^>]*>/)?.[0] ?? '';
    expect(funds).toContain('type="number"');
    expect(funds).toContain('step="0.01"');
    expect(funds).toContain('min="0"');
    expect(html).toMatch(/<label [^>]*for="funds"[^>]*>Funds raised \(USD\)<\/label>/);
    expect(html).toMatch(/<label [^>]*for="backers"[^>]*>Number of backers<\/label>/);
    expect(html).toContain('5% plus $0.05');
    expect(resultRows(html)).toEqual([]);
  });

  it('compute Kickstarter fees in cents once submitted, with 2 decimals', async () => {
    const html = await (await site.get('/instant-kickstarter-fee-calculator?funds=10000&backers=100')).text();
    expect(textsOf(html, 'h2')).toContain('Your Kickstarter fees');
    expect(resultRows(html)).toEqual([
      ['Funds raised', '$10,000.00'],
      ['Platform fee (5%)', '$500.00'],
      ['Payment processing (3% + $0.20 per backer)', '$320.00'],
      ['Total fees', '$820.00'],
      ['You receive', '$9,180.00'],
    ]);
  });

  it('show nothing for zero, negative or unparsable input', async () => {
    for (const query of ['funds=0&backers=10', 'funds=-5&backers=10', 'funds=abc&backers=10', 'funds=100&backers=0', 'funds=100']) {
      const html = await (await site.get(`/instant-kickstarter-fee-calculator?${query}`)).text();
      expect(resultRows(html), query).toEqual([]);
    }
  });

  it('add the optional $25 bank transfer fee on Indiegogo only when the box is ticked', async () => {
    const plain = await (await site.get('/free-indiegogo-fee-calculator?funds=2500.50&backers=1')).text();
    expect(textsOf(plain, 'h1')).toEqual(['Indiegogo Fee Calculator']);
    expect(plain.match(/<input [^>]*name="bank_transfer"[^>]*>/)?.[0]).toContain('type="checkbox"');
    expect(plain.match(/<input [^>]*name="bank_transfer"[^>]*>/)?.[0]).not.toContain('checked');
    expect(resultRows(plain)).toEqual([
      ['Funds raised', '$2,500.50'],
      ['Platform fee (5%)', '$125.03'],
      ['Payment processing (3% + $0.30 per backer)', '$75.32'],
      ['Total fees', '$200.35'],
      ['You receive', '$2,300.15'],
    ]);
    const withTransfer = await (
      await site.get('/free-indiegogo-fee-calculator?funds=2500.50&backers=1&bank_transfer=on')
    ).text();
    expect(resultRows(withTransfer)).toEqual([
      ['Funds raised', '$2,500.50'],
      ['Platform fee (5%)', '$125.03'],
      ['Payment processing (3% + $0.30 per backer)', '$75.32'],
      ['International bank transfer fee', '$25.00'],
      ['Total fees', '$225.35'],
      ['You receive', '$2,275.15'],
    ]);
    expect(withTransfer.match(/<input [^>]*name="bank_transfer"[^>]*>/)?.[0]).toContain('checked=""');
  });
});

describe('the fee calculators read from their address', () => {
  const { site } = useSiteApp({ app: { env: { PUBLIC_URL: 'https://showcase.example.org/' } } });

  /** The error message shown for a field, by the id `aria-describedby` names. */
  const fieldError = (html: string, field: string) => {
    const input = html.match(new RegExp(`<input [^>]*name="${field}"[^>]*>`))?.[0] ?? '';
    const described = input.match(/aria-describedby="([^"]*)"/)?.[1];
    if (!described) return null;
    expect(input).toContain('aria-invalid="true"');
    return decodeHtml(html.match(new RegExp(`<p [^>]*id="${described}"[^>]*>([^<]*)</p>`))?.[1] ?? '');
  };

  it('renders the result of the GET fields on the server, with a link to this result', async () => {
    const response = await site.get('/instant-kickstarter-fee-calculator?funds=20000&backers=250');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(resultRows(html)).toEqual([
      ['Funds raised', '$20,000.00'],
      ['Platform fee (5%)', '$1,000.00'],
      ['Payment processing (3% + $0.20 per backer)', '$650.00'],
      ['Total fees', '$1,650.00'],
      ['You receive', '$18,350.00'],
    ]);
    expect(html.match(/<input [^>]*name="funds"[^>]*>/)?.[0]).toContain('value="20000"');
    expect(html.match(/<input [^>]*name="backers"[^>]*>/)?.[0]).toContain('value="250"');
    // Without JavaScript the copy button is a plain link to the same result.
    expect(html).toMatch(
      /<a href="https:\/\/showcase\.example\.org\/instant-kickstarter-fee-calculator\?funds=20000&amp;backers=250"[^>]*>Link to this result<\/a>/,
    );
    expect(fieldError(html, 'funds')).toBeNull();
    expect(fieldError(html, 'backers')).toBeNull();
  });

  it('keeps the ticked bank transfer in the link to an Indiegogo result', async () => {
    const html = await (await site.get('/free-indiegogo-fee-calculator?funds=1234.56&backers=37&bank_transfer=on')).text();
    expect(html).toContain(
      'href="https://showcase.example.org/free-indiegogo-fee-calculator?funds=1234.56&amp;backers=37&amp;bank_transfer=on"',
    );
  });

  it('names a bad field beside it, shows no result and answers 200, never a 500', async () => {
    const cases: [string, string | null, string | null][] = [
      ['funds=abc&backers=10', 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.', null],
      ['funds=0&backers=10', 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.', null],
      ['funds=-5&backers=10', 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.', null],
      ['funds=1e400&backers=10', 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.', null],
      ['funds=100&backers=2.5', null, 'Enter the number of backers as a whole number above zero, such as 150.'],
      ['funds=100&backers=0', null, 'Enter the number of backers as a whole number above zero, such as 150.'],
      ['funds=&backers=', 'Enter the funds raised.', 'Enter the number of backers.'],
      ['funds=%00%3Cscript%3E&backers=%F0%9F%92%A5', 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.', 'Enter the number of backers as a whole number above zero, such as 150.'],
    ];
    for (const [query, fundsError, backersError] of cases) {
      const response = await site.get(`/instant-kickstarter-fee-calculator?${query}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(resultRows(html), query).toEqual([]);
      expect(fieldError(html, 'funds'), query).toBe(fundsError);
      expect(fieldError(html, 'backers'), query).toBe(backersError);
      expect(html, query).not.toContain('<script>');
    }
  });

  it('prefills the funds from a link that carries the goal alone, without an error or a result', async () => {
    const html = await (await site.get('/free-indiegogo-fee-calculator?funds=20000')).text();
    expect(html.match(/<input [^>]*name="funds"[^>]*>/)?.[0]).toContain('value="20000"');
    expect(resultRows(html)).toEqual([]);
    expect(fieldError(html, 'funds')).toBeNull();
    expect(fieldError(html, 'backers')).toBeNull();
  });

  it('offers an iframe snippet of the embeddable copy, on the site origin and with a title', async () => {
    for (const [path, embed, title] of [
      ['/instant-kickstarter-fee-calculator', '/embed/instant-kickstarter-fee-calculator', 'Kickstarter fee calculator'],
      ['/free-indiegogo-fee-calculator', '/embed/free-indiegogo-fee-calculator', 'Indiegogo fee calculator'],
    ] as const) {
      const html = await (await site.get(path)).text();
      expect(textsOf(html, 'h2'), path).toContain('Add this calculator to your site');
      expect(html, path).toMatch(/<label [^>]*for="embed-code"[^>]*>Embed code<\/label>/);
      const snippet = decodeHtml(html.match(/<textarea [^>]*id="embed-code"[^>]*>([\s\S]*?)<\/textarea>/)?.[1] ?? '');
      expect(snippet, path).toBe(
        `<iframe src="https://showcase.example.org${embed}" title="${title}" width="100%" height="820" ` +
          'style="border:0;max-width:960px" loading="lazy" allow="clipboard-write"></iframe>',
      );
      expect(html.match(/<textarea [^>]*id="embed-code"[^>]*>/)?.[0], path).toContain('readOnly');
    }
  });
});
