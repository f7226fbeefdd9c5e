import { describe, expect, it } from 'vitest';
import { metaContent, textsOf, useSiteApp } from './site-app.ts';

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
