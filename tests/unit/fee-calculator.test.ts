import { describe, expect, it } from 'vitest';
import {
  calculateFeesFromInput,
  formatUsdCents,
  INDIEGOGO_FEES,
  KICKSTARTER_FEES,
  parseAmountToCents,
  parseBackers,
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
