import { describe, expect, it } from 'vitest';
import { amountInputText, formatMoney, formatPrice, minorUnitDigits, minorUnitsFromText } from '../../common/money.ts';

describe('formatMoney', () => {
  it.each([
    [7500, 'usd', '$75.00'],
    [7500, 'USD', '$75.00'],
    [0, 'usd', '$0.00'],
    [5, 'usd', '$0.05'],
    [30, 'usd', '$0.30'],
    [1999, 'usd', '$19.99'],
    [123456789, 'usd', '$1,234,567.89'],
    [-2500, 'usd', '-$25.00'],
    [1999, 'eur', '€19.99'],
    [1999, 'gbp', '£19.99'],
    [7500, 'cad', 'CA$75.00'],
    [7500, 'jpy', '¥7,500'],
    [12345, 'kwd', 'KWD 12.345'],
  ])('shows %i minor units of %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });

  it('prints every amount up to $200.00 digit for digit', () => {
    for (let cents = 0; cents <= 20_000; cents += 1) {
      const expected = `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
      if (formatMoney(cents, 'usd') !== expected) {
        throw new Error(`${cents} cents formatted as ${formatMoney(cents, 'usd')}, expected ${expected}`);
      }
    }
    expect(formatMoney(100_500, 'usd')).toBe('$1,005.00');
    expect(formatMoney(1_005, 'usd')).toBe('$10.05');
  });

  it.each([
    ['a fraction of a cent', 75.5],
    ['dollars as a float', 0.1 + 0.2],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 53],
  ])('refuses %s instead of rounding it', (_case, amount) => {
    expect(() => formatMoney(amount, 'usd')).toThrow(TypeError);
  });
});

describe('minorUnitDigits', () => {
  it.each([
    ['usd', 2],
    ['EUR', 2],
    ['jpy', 0],
    ['krw', 0],
    ['kwd', 3],
  ] as const)('gives %s %i decimals', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});

describe('formatPrice', () => {
  it.each([
    [7500, 'usd', '$75'],
    [7550, 'usd', '$75.50'],
    [9900, 'eur', '€99'],
    [7500, 'jpy', '¥7,500'],
    [12000, 'kwd', 'KWD 12'],
  ])('advertises %i minor units of %s as %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });
});

describe('minorUnitsFromText', () => {
  it.each([
    ['20000', 'USD', 2000000],
    ['20000.5', 'USD', 2000050],
    ['0.29', 'USD', 29],
    ['1,250.05', 'EUR', 125005],
    [' 48210 ', 'usd', 4821000],
    ['5000', 'JPY', 5000],
    ['12.345', 'KWD', 12345],
    ['12.', 'USD', 1200],
  ])('reads %s %s as %i minor units exactly', (text, currency, minor) => {
    expect(minorUnitsFromText(text, currency)).toBe(minor);
  });

  it.each([
    ['12.345', 'USD'],
    ['5000.5', 'JPY'],
    ['-5', 'USD'],
    ['1e5', 'USD'],
    ['twenty', 'USD'],
    ['99999999999999999', 'USD'],
  ])('refuses %s %s', (text, currency) => {
    expect(minorUnitsFromText(text, currency)).toBeUndefined();
  });

  it('reads empty text as no amount', () => {
    expect(minorUnitsFromText('  ', 'USD')).toBeNull();
  });

  it('gives back what amountInputText shows', () => {
    for (const [minor, currency] of [[2000050, 'USD'], [2000000, 'USD'], [7, 'USD'], [5000, 'JPY'], [12005, 'KWD']] as const) {
      expect(minorUnitsFromText(amountInputText(minor, currency), currency)).toBe(minor);
    }
    expect(amountInputText(2000050, 'USD')).toBe('20000.50');
    expect(amountInputText(2000000, 'USD')).toBe('20000');
  });
});
