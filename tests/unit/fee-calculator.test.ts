import { describe, expect, it } from 'vitest';
import type { CampaignPlatform } from '../../common/campaign.ts';
import { backersAtGoal, campaignFeeLinks, type CampaignForFees } from '../../common/fee-calculators.ts';
import {
  BACKERS_INVALID,
  BACKERS_MISSING,
  BACKERS_TOO_LARGE,
  calculatorCampaignLine,
  calculateFeesFromInput,
  embedSnippet,
  FEE_CALCULATORS,
  formatUsdCents,
  FUNDS_INVALID,
  FUNDS_MISSING,
  FUNDS_TOO_LARGE,
  feeRulesIn,
  formatMinorUnits,
  INDIEGOGO_FEES,
  KICKSTARTER_FEES,
  parseAmountToCents,
  parseBackers,
  processingLabel,
  readFeeCalculatorForm,
  type FeeBreakdown,
} from '../../app/lib/fee-calculator.ts';

/** The breakdown as the page prints it. */
const printed = (result: FeeBreakdown | null) =>
  result && {
    funds: formatUsdCents(result.fundsCents),
    platform: formatUsdCents(result.platformFeeCents),
    processing: formatUsdCents(result.processingFeeCents),
    bankTransfer: formatUsdCents(result.bankTransferFeeCents),
    total: formatUsdCents(result.totalFeesCents),
    youReceive: formatUsdCents(result.youReceiveCents),
  };

// Expected figures were worked out independently with decimal arithmetic,
// rounding each fee half up to the cent.
describe('the Kickstarter calculator: 5% platform, 3% + $0.20 per backer processing', () => {
  it.each([
    ['10000', '100', '$10,000.00', '$500.00', '$320.00', '$820.00', '$9,180.00'],
    ['1', '1', '$1.00', '$0.05', '$0.23', '$0.28', '$0.72'],
    ['0.01', '1', '$0.01', '$0.00', '$0.20', '$0.20', '-$0.19'],
    ['1234.56', '37', '$1,234.56', '$61.73', '$44.44', '$106.17', '$1,128.39'],
    ['0.30', '1', '$0.30', '$0.02', '$0.21', '$0.23', '$0.07'],
    ['999999999999.99', '1000000', '$999,999,999,999.99', '$50,000,000,000.00', '$30,000,200,000.00', '$80,000,200,000.00', '$919,999,799,999.99'],
    ['100', '2000', '$100.00', '$5.00', '$403.00', '$408.00', '-$308.00'],
    ['0.10', '1', '$0.10', '$0.01', '$0.20', '$0.21', '-$0.11'],
    ['10.005', '3', '$10.01', '$0.50', '$0.90', '$1.40', '$8.61'],
    ['49.99', '1', '$49.99', '$2.50', '$1.70', '$4.20', '$45.79'],
    ['7.77', '7', '$7.77', '$0.39', '$1.63', '$2.02', '$5.75'],
    ['25000', '1', '$25,000.00', '$1,250.00', '$750.20', '$2,000.20', '$22,999.80'],
  ])('$%s from %s backers: funds %s, platform %s, processing %s, total %s, you receive %s', (funds, backers, ...expected) => {
    const [fundsText, platform, processing, total, youReceive] = expected;
    expect(printed(calculateFeesFromInput(KICKSTARTER_FEES, { funds, backers }))).toEqual({
      funds: fundsText,
      platform,
      processing,
      bankTransfer: '$0.00',
      total,
      youReceive,
    });
  });

  it('ignores the bank transfer option, which Kickstarter does not have', () => {
    const result = calculateFeesFromInput(KICKSTARTER_FEES, { funds: '100', backers: '1', includeBankTransfer: true });
    expect(printed(result)?.total).toBe('$8.20');
  });
});

describe('the Indiegogo calculator: 5% platform, 3% + $0.30 per backer, optional $25 bank transfer', () => {
  it.each([
    ['10000', '100', '$500.00', '$330.00', '$830.00', '$9,170.00', '$855.00', '$9,145.00'],
    ['1', '1', '$0.05', '$0.33', '$0.38', '$0.62', '$25.38', '-$24.38'],
    ['0.01', '1', '$0.00', '$0.30', '$0.30', '-$0.29', '$25.30', '-$25.29'],
    ['1234.56', '37', '$61.73', '$48.14', '$109.87', '$1,124.69', '$134.87', '$1,099.69'],
    ['0.30', '1', '$0.02', '$0.31', '$0.33', '-$0.03', '$25.33', '-$25.03'],
    ['999999999999.99', '1000000', '$50,000,000,000.00', '$30,000,300,000.00', '$80,000,300,000.00', '$919,999,699,999.99', '$80,000,300,025.00', '$919,999,699,974.99'],
    ['100', '2000', '$5.00', '$603.00', '$608.00', '-$508.00', '$633.00', '-$533.00'],
    ['0.10', '1', '$0.01', '$0.30', '$0.31', '-$0.21', '$25.31', '-$25.21'],
    ['10.005', '3', '$0.50', '$1.20', '$1.70', '$8.31', '$26.70', '-$16.69'],
    ['49.99', '1', '$2.50', '$1.80', '$4.30', '$45.69', '$29.30', '$20.69'],
    ['7.77', '7', '$0.39', '$2.33', '$2.72', '$5.05', '$27.72', '-$19.95'],
    ['25000', '1', '$1,250.00', '$750.30', '$2,000.30', '$22,999.70', '$2,025.30', '$22,974.70'],
  ])(
    '$%s from %s backers: platform %s, processing %s, total %s (you receive %s); with the transfer fee %s (%s)',
    (funds, backers, platform, processing, total, youReceive, totalWithTransfer, youReceiveWithTransfer) => {
      const without = printed(calculateFeesFromInput(INDIEGOGO_FEES, { funds, backers }));
      expect(without).toMatchObject({ platform, processing, bankTransfer: '$0.00', total, youReceive });
      const withTransfer = printed(
        calculateFeesFromInput(INDIEGOGO_FEES, { funds, backers, includeBankTransfer: true }),
      );
      expect(withTransfer).toMatchObject({
        platform,
        processing,
        bankTransfer: '$25.00',
        total: totalWithTransfer,
        youReceive: youReceiveWithTransfer,
      });
    },
  );
});

describe('reading the calculator input', () => {
  it.each(['0', '0.00', '-1', '-0.01', 'abc', '', '   ', '.', '1e5', '1,000', '12.3.4', '0x10', 'Infinity', '1'.repeat(16)])(
    'computes nothing for funds "%s"',
    (funds) => {
      expect(parseAmountToCents(funds)).toBeNull();
      expect(calculateFeesFromInput(KICKSTARTER_FEES, { funds, backers: '10' })).toBeNull();
    },
  );

  it.each(['0', '-3', '2.5', 'ten', '', '1e3'])('computes nothing for "%s" backers', (backers) => {
    expect(parseBackers(backers)).toBeNull();
    expect(calculateFeesFromInput(INDIEGOGO_FEES, { funds: '100', backers })).toBeNull();
  });

  it('computes nothing when a field is missing', () => {
    expect(calculateFeesFromInput(KICKSTARTER_FEES, { funds: null, backers: '10' })).toBeNull();
    expect(calculateFeesFromInput(KICKSTARTER_FEES, { funds: '10', backers: null })).toBeNull();
  });

  it.each([
    ['100', 10000n],
    ['0.5', 50n],
    ['.75', 75n],
    ['12.', 1200n],
    [' 19.99 ', 1999n],
    ['0.004', null],
    ['0.005', 1n],
    ['2.994', 299n],
    ['2.995', 300n],
    ['000123.40', 12340n],
  ])('reads funds "%s" as %s cents, rounding half up', (funds, cents) => {
    expect(parseAmountToCents(funds)).toBe(cents);
  });

  it('formats cents with thousands separators, 2 decimals and a leading minus', () => {
    expect(formatUsdCents(0n)).toBe('$0.00');
    expect(formatUsdCents(5n)).toBe('$0.05');
    expect(formatUsdCents(123456789n)).toBe('$1,234,567.89');
    expect(formatUsdCents(-30800n)).toBe('-$308.00');
  });
});

describe('the calculator form read from its address', () => {
  const read = (query: string) => readFeeCalculatorForm(FEE_CALCULATORS.indiegogo, new URLSearchParams(query));

  it('gives the result and its shareable query once both fields are good', () => {
    const form = read('funds=%201234.56%20&backers=37&bank_transfer=on&utm_source=x');
    expect(form.errors).toEqual({});
    expect(printed(form.result)?.youReceive).toBe('$1,099.69');
    expect(form.resultQuery).toBe('funds=1234.56&backers=37&bank_transfer=on');
  });

  it('shows nothing and names nothing before a submit, or for a field not sent', () => {
    expect(read('')).toEqual({
      fields: { funds: null, backers: null, includeBankTransfer: false },
      errors: {},
      currency: 'USD',
      currencyError: null,
      result: null,
      resultQuery: null,
    });
    expect(read('funds=20000')).toMatchObject({ errors: {}, result: null, resultQuery: null });
  });

  it('names each bad field and computes nothing', () => {
    expect(read('funds=&backers=')).toMatchObject({
      errors: { funds: FUNDS_MISSING, backers: BACKERS_MISSING },
      result: null,
      resultQuery: null,
    });
    expect(read('funds=0&backers=2.5')).toMatchObject({
      errors: { funds: FUNDS_INVALID, backers: BACKERS_INVALID },
      result: null,
    });
    expect(read('funds=100&backers=-1')).toMatchObject({ errors: { backers: BACKERS_INVALID }, result: null });
  });

  it('says an amount or a count is too large rather than not above zero, and computes nothing', () => {
    expect(read(`funds=${'9'.repeat(16)}&backers=10`)).toMatchObject({ errors: { funds: FUNDS_TOO_LARGE }, result: null });
    expect(read('funds=1e20&backers=10')).toMatchObject({ errors: { funds: FUNDS_TOO_LARGE }, result: null });
    expect(read(`funds=100&backers=${'1'.repeat(13)}`)).toMatchObject({ errors: { backers: BACKERS_TOO_LARGE }, result: null });
    // At the limits, a result.
    expect(read(`funds=${'9'.repeat(15)}.99&backers=${'9'.repeat(12)}`).errors).toEqual({});
    expect(FUNDS_TOO_LARGE).not.toContain('above zero');
  });

  it('ignores a bank transfer box sent to a calculator that has none', () => {
    const form = readFeeCalculatorForm(FEE_CALCULATORS.kickstarter, new URLSearchParams('funds=100&backers=1&bank_transfer=on'));
    expect(form.fields.includeBankTransfer).toBe(false);
    expect(form.resultQuery).toBe('funds=100&backers=1');
  });
});

describe("the calculators' currencies", () => {
  const kickstarter = (query: string) => readFeeCalculatorForm(FEE_CALCULATORS.kickstarter, new URLSearchParams(query));
  const indiegogo = (query: string) => readFeeCalculatorForm(FEE_CALCULATORS.indiegogo, new URLSearchParams(query));

  it("computes Kickstarter's fees in euros and pounds with its published €0.20 and £0.20 a pledge", () => {
    const euros = kickstarter('funds=33100&backers=402&currency=eur');
    expect(euros).toMatchObject({ currency: 'EUR', currencyError: null, resultQuery: 'funds=33100&backers=402&currency=EUR' });
    const result = euros.result;
    expect(result && formatMinorUnits(result.totalFeesCents, 'EUR')).toBe('€2,728.40');
    expect(result && formatMinorUnits(result.youReceiveCents, 'EUR')).toBe('€30,371.60');
    expect(processingLabel(feeRulesIn(FEE_CALCULATORS.kickstarter, 'GBP'), 'GBP')).toBe('Payment processing (3% + £0.20 per backer)');
    const pounds = kickstarter('funds=100&backers=10&currency=GBP').result;
    expect(pounds && formatMinorUnits(pounds.processingFeeCents, 'GBP')).toBe('£5.00');
  });

  it('says plainly that Indiegogo computes in USD only, and computes nothing in another currency', () => {
    for (const currency of ['EUR', 'GBP', 'JPY']) {
      const form = indiegogo(`funds=20000&backers=100&currency=${currency}`);
      expect(form.result, currency).toBeNull();
      expect(form.currencyError, currency).toBe(
        `This calculator computes in USD only: amounts in ${currency} are not converted, so no fees are shown for them.`,
      );
    }
    expect(kickstarter('funds=1&backers=1&currency=JPY').currencyError).toContain('computes in USD, EUR or GBP only');
    // The $25 transfer is a US-dollar fee.
    expect(feeRulesIn(FEE_CALCULATORS.indiegogo, 'USD').bankTransferCents).toBe(2500n);
    expect(feeRulesIn(FEE_CALCULATORS.kickstarter, 'EUR').bankTransferCents).toBeUndefined();
  });

  it('computes in US dollars when the address names no currency', () => {
    expect(kickstarter('funds=100&backers=1')).toMatchObject({ currency: 'USD', currencyError: null, resultQuery: 'funds=100&backers=1' });
  });
});

describe("the fact box's links to a campaign's fees", () => {
  const campaign = (overrides: Partial<CampaignForFees> = {}): CampaignForFees => ({
    slug: 'mendable-grinder',
    platform: 'kickstarter',
    currency: 'USD',
    goal: 3_000_000,
    pledged: 3_310_000,
    backers: 402,
    ...overrides,
  });
  const feesAt = (link: string | null | undefined) => {
    const url = new URL(link ?? '', 'http://localhost');
    return printed(readFeeCalculatorForm(FEE_CALCULATORS.kickstarter, url.searchParams).result)?.total;
  };

  it('gives the fees on what was raised, from the backers who raised it, for a campaign past its goal', () => {
    const links = campaignFeeLinks(campaign());
    expect(links).toEqual({
      pledged: '/instant-kickstarter-fee-calculator?funds=33100&backers=402&campaign=mendable-grinder',
      atGoal: null,
      otherCurrency: null,
    });
    // 110 % funded: $2,728.40 on the $33,100 raised, not $2,480.40 on the goal.
    expect(feesAt(links?.pledged)).toBe('$2,728.40');
  });

  it('offers the fees at the goal while short of it, from the backers the average pledge takes to get there', () => {
    const links = campaignFeeLinks(campaign({ pledged: 2_400_050, backers: 300 }));
    expect(links?.pledged).toBe('/instant-kickstarter-fee-calculator?funds=24000.50&backers=300&campaign=mendable-grinder');
    expect(links?.atGoal).toBe('/instant-kickstarter-fee-calculator?funds=30000&backers=375&campaign=mendable-grinder');
    expect(backersAtGoal(3_000_000, 2_400_000, 300)).toBe(375);
    expect(backersAtGoal(3_000_000, 2_900_000, 1)).toBe(2);
    expect(backersAtGoal(3_000_000, 3_000_000, 300)).toBeNull();
  });

  it('offers nothing it cannot fill: no pledges or backers yet, or no goal for the second link', () => {
    expect(campaignFeeLinks(campaign({ pledged: null, backers: null }))).toEqual({ pledged: null, atGoal: null, otherCurrency: null });
    expect(campaignFeeLinks(campaign({ pledged: 100_000, backers: 0 }))).toEqual({ pledged: null, atGoal: null, otherCurrency: null });
    expect(campaignFeeLinks(campaign({ goal: null, pledged: 100_000, backers: 3 }))?.atGoal).toBeNull();
  });

  it("fills a Kickstarter campaign's euros and pounds into its calculator, and never an Indiegogo campaign's", () => {
    expect(campaignFeeLinks(campaign({ currency: 'eur' }))?.pledged).toBe(
      '/instant-kickstarter-fee-calculator?funds=33100&backers=402&currency=EUR&campaign=mendable-grinder',
    );
    expect(campaignFeeLinks(campaign({ currency: 'GBP' }))?.pledged).toContain('currency=GBP');
    for (const currency of ['EUR', 'GBP', 'JPY']) {
      expect(campaignFeeLinks(campaign({ platform: 'indiegogo', currency })), currency).toEqual({
        pledged: null,
        atGoal: null,
        otherCurrency: '/free-indiegogo-fee-calculator',
      });
    }
    expect(campaignFeeLinks(campaign({ currency: 'JPY' }))?.otherCurrency).toBe('/instant-kickstarter-fee-calculator');
  });

  it('is null for a platform without a calculator', () => {
    for (const platform of ['gamefound', 'backerkit', 'other'] as const) {
      expect(campaignFeeLinks(campaign({ platform })), platform).toBeNull();
    }
  });
});

describe('the calculator opened for a campaign', () => {
  const post = {
    slug: 'mendable-grinder',
    title: 'The Mendable Grinder',
    campaign: {
      platform: 'kickstarter' as CampaignPlatform,
      currency: 'USD',
      goal: 3_000_000,
      pledged: 2_400_000,
      backers: 300,
      facts_updated_at: Date.UTC(2026, 10, 19, 9, 5) / 1000,
    },
  };
  const lineFor = (link: string | null | undefined, facts: Partial<typeof post.campaign> = {}) =>
    calculatorCampaignLine(
      FEE_CALCULATORS.kickstarter,
      { ...post, campaign: { ...post.campaign, ...facts } },
      new URL(link ?? '', 'http://localhost').searchParams,
      'UTC',
    );
  const links = campaignFeeLinks({ ...post, ...post.campaign });

  it('names the campaign, its figures and their date, and links back to its post', () => {
    expect(lineFor(links?.pledged)).toEqual({
      text: 'Fees for The Mendable Grinder as of Nov 19, 2026, 09:05 UTC: $24,000 from 300 backers',
      path: '/mendable-grinder',
      title: 'The Mendable Grinder',
    });
    expect(lineFor(links?.atGoal)?.text).toBe(
      'Fees for The Mendable Grinder if it funds exactly at its goal: $30,000 from about 375 backers, at its average pledge as of Nov 19, 2026, 09:05 UTC',
    );
  });

  it('names no campaign for figures that are not its own: edited, or out of date', () => {
    expect(lineFor('/?funds=24001&backers=300&campaign=mendable-grinder')).toBeNull();
    expect(lineFor(links?.pledged, { pledged: 2_500_000 })).toBeNull();
    expect(lineFor('/?funds=24000&backers=300&currency=EUR&campaign=mendable-grinder')).toBeNull();
    expect(lineFor(links?.pledged, { platform: 'indiegogo' })).toBeNull();
  });
});

describe('the embed snippet', () => {
  it('frames the embeddable copy on the site origin, with a title and escaped attributes', () => {
    expect(embedSnippet('https://showcase.example.org', FEE_CALCULATORS.kickstarter)).toBe(
      '<iframe src="https://showcase.example.org/embed/instant-kickstarter-fee-calculator" title="Kickstarter fee calculator" ' +
        'width="100%" height="820" style="border:0;max-width:960px" loading="lazy" allow="clipboard-write"></iframe>',
    );
    expect(embedSnippet('https://a.example/"x', FEE_CALCULATORS.indiegogo)).toContain('src="https://a.example/&quot;x/embed/');
  });
});
