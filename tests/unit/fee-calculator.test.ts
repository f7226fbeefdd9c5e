import { describe, expect, it } from 'vitest';
import { calculatorLinkFor } from '../../common/fee-calculators.ts';
import {
  BACKERS_INVALID,
  BACKERS_MISSING,
  calculateFeesFromInput,
  embedSnippet,
  FEE_CALCULATORS,
  formatUsdCents,
  FUNDS_INVALID,
  FUNDS_MISSING,
  INDIEGOGO_FEES,
  KICKSTARTER_FEES,
  parseAmountToCents,
  parseBackers,
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
  const read = (query: string) => readFeeCalculatorForm(INDIEGOGO_FEES, new URLSearchParams(query));

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

  it('ignores a bank transfer box sent to a calculator that has none', () => {
    const form = readFeeCalculatorForm(KICKSTARTER_FEES, new URLSearchParams('funds=100&backers=1&bank_transfer=on'));
    expect(form.fields.includeBankTransfer).toBe(false);
    expect(form.resultQuery).toBe('funds=100&backers=1');
  });
});

describe('the link to a campaign platform\'s calculator', () => {
  it('prefills the goal in whole dollars, rounded half up from cents', () => {
    expect(calculatorLinkFor('kickstarter', 2_000_000, 'USD')).toBe('/instant-kickstarter-fee-calculator?funds=20000');
    expect(calculatorLinkFor('indiegogo', 2_000_049, 'usd')).toBe('/free-indiegogo-fee-calculator?funds=20000');
    expect(calculatorLinkFor('indiegogo', 2_000_050, 'USD')).toBe('/free-indiegogo-fee-calculator?funds=20001');
    expect(calculatorLinkFor('kickstarter', 50, 'USD')).toBe('/instant-kickstarter-fee-calculator?funds=1');
  });

  it('adds the backers when they are known', () => {
    expect(calculatorLinkFor('kickstarter', 2_000_000, 'USD', { backers: 241 })).toBe(
      '/instant-kickstarter-fee-calculator?funds=20000&backers=241',
    );
    expect(calculatorLinkFor('kickstarter', 2_000_000, 'USD', { backers: 0 })).toBe('/instant-kickstarter-fee-calculator?funds=20000');
    expect(calculatorLinkFor('kickstarter', 2_000_000, 'USD', { backers: null })).toBe('/instant-kickstarter-fee-calculator?funds=20000');
  });

  it('opens the calculator empty for a goal it cannot take: unknown, under 50 cents, or in another currency', () => {
    expect(calculatorLinkFor('kickstarter', null, 'USD')).toBe('/instant-kickstarter-fee-calculator');
    expect(calculatorLinkFor('kickstarter', 49, 'USD')).toBe('/instant-kickstarter-fee-calculator');
    expect(calculatorLinkFor('indiegogo', 2_000_000, 'EUR')).toBe('/free-indiegogo-fee-calculator');
    expect(calculatorLinkFor('indiegogo', 2_000_000, 'JPY')).toBe('/free-indiegogo-fee-calculator');
  });

  it('is null for a platform without a calculator', () => {
    for (const platform of ['gamefound', 'backerkit', 'other'] as const) {
      expect(calculatorLinkFor(platform, 2_000_000, 'USD'), platform).toBeNull();
    }
  });

  it('fills the fields the calculator reads, to the same result', () => {
    const link = calculatorLinkFor('kickstarter', 1_000_000, 'USD', { backers: 100 }) ?? '';
    const form = readFeeCalculatorForm(KICKSTARTER_FEES, new URL(link, 'http://localhost').searchParams);
    expect(printed(form.result)?.total).toBe('$820.00');
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
