import { describe, expect, it } from 'vitest';
import { saveCampaign } from '../../server/db/queries/campaigns.ts';
import { decodeHtml, metaContent, seedPost, textsOf, useSiteApp } from './site-app.ts';

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
      ['funds=1e400&backers=10', 'That amount is too large for this calculator: enter at most 15 digits before the decimal point.', null],
      [`funds=${'9'.repeat(16)}&backers=10`, 'That amount is too large for this calculator: enter at most 15 digits before the decimal point.', null],
      [`funds=100&backers=${'9'.repeat(13)}`, null, 'That number of backers is too large for this calculator: enter at most 12 digits.'],
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

  it("leaves the checks to the page, so a bad field clears the result instead of a browser bubble keeping it", async () => {
    for (const path of ['/instant-kickstarter-fee-calculator', '/free-indiegogo-fee-calculator', '/embed/instant-kickstarter-fee-calculator']) {
      const html = await (await site.get(path)).text();
      expect(html.match(/<form (?![^>]*role="search")[^>]*method="get"[^>]*>/)?.[0], path).toContain('noValidate=""');
    }
  });

  it("computes a Kickstarter campaign's fees in euros with the €0.20 a pledge Kickstarter publishes", async () => {
    const html = await (await site.get('/instant-kickstarter-fee-calculator?funds=33100&backers=402&currency=EUR')).text();
    expect(html).toMatch(/<label [^>]*for="funds"[^>]*>Funds raised \(EUR\)<\/label>/);
    expect(html).toMatch(/<option value="EUR" selected="">EUR<\/option>/);
    expect(resultRows(html)).toEqual([
      ['Funds raised', '€33,100.00'],
      ['Platform fee (5%)', '€1,655.00'],
      ['Payment processing (3% + €0.20 per backer)', '€1,073.40'],
      ['Total fees', '€2,728.40'],
      ['You receive', '€30,371.60'],
    ]);
    expect(html).toContain('href="https://showcase.example.org/instant-kickstarter-fee-calculator?funds=33100&amp;backers=402&amp;currency=EUR"');
  });

  it('says plainly that the Indiegogo calculator computes in USD only, and shows no fees in euros', async () => {
    const html = decodeHtml(await (await site.get('/free-indiegogo-fee-calculator?funds=20000&backers=100&currency=EUR')).text());
    expect(html).toContain('This calculator computes in USD only: amounts in EUR are not converted, so no fees are shown for them.');
    expect(resultRows(html)).toEqual([]);
    expect(html).not.toContain('name="currency"');
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

describe('the calculator opened from a campaign', () => {
  const { t, site } = useSiteApp();
  const campaignLine = (html: string) =>
    decodeHtml((html.match(/<p [^>]*data-testid="calculator-campaign"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '').replace(/<!-- -->/g, ''));

  it('says which campaign, with its figures and their date, and links back to its post', async () => {
    const post = await seedPost(t, { slug: 'mendable-grinder', title: 'The Mendable Grinder', campaign_url: 'https://www.kickstarter.com/projects/burr/grinder' });
    await t.deps.db.transaction().execute((trx) =>
      saveCampaign(trx, post.id, {
        platform: 'kickstarter',
        currency: 'USD',
        goal: 3_000_000,
        pledged: 3_310_000,
        backers: 402,
        launched_at: null,
        ends_at: null,
        state: 'successful',
        facts_updated_at: Date.UTC(2026, 10, 19, 9, 5) / 1000,
        facts_source: 'editor',
      }),
    );
    const html = await (await site.get('/instant-kickstarter-fee-calculator?funds=33100&backers=402&campaign=mendable-grinder')).text();
    const line = campaignLine(html);
    expect(line).toMatch(/^Fees for The Mendable Grinder as of Nov 19, 2026, 09:05 UTC: \$33,100 from 402 backers\. /);
    expect(line).toMatch(/<a [^>]*href="\/mendable-grinder"[^>]*>Back to The Mendable Grinder<\/a>/);
    expect(resultRows(html).find(([label]) => label === 'Total fees')).toEqual(['Total fees', '$2,728.40']);

    // Numbers that are not the campaign's, or a post that has none: no line naming it.
    for (const query of ['funds=30000&backers=402&campaign=mendable-grinder', 'funds=33100&backers=402&campaign=no-such-post']) {
      expect(campaignLine(await (await site.get(`/instant-kickstarter-fee-calculator?${query}`)).text()), query).toBe('');
    }

    // The campaign moves on: the page kept for the old link names it no more.
    await t.services.campaigns.applyFacts(post.id, { pledged: 3_400_000, backers: 410 }, { source: 'creator' });
    const after = await (await site.get('/instant-kickstarter-fee-calculator?funds=33100&backers=402&campaign=mendable-grinder')).text();
    expect(campaignLine(after)).toBe('');
    expect(resultRows(after).find(([label]) => label === 'Total fees')).toEqual(['Total fees', '$2,728.40']);
  });
});
