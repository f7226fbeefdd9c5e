/**
 * Money is an integer count of the currency's minor unit (cents for USD),
 * from the configuration to the database to the payment provider (SPEC.md
 * section 9). Formatting splits that integer with integer arithmetic, so no
 * amount is ever a binary fraction such as 0.1 + 0.2.
 */

// Stripe's zero-decimal and three-decimal currencies: their "cents" are not
// hundredths. Every other ISO code has two decimals.
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf',
]);
const THREE_DECIMAL_CURRENCIES = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** How many digits of an amount in minor units come after the decimal point. */
export function minorUnitDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3;
  return 2;
}

const wholeUnitFormats = new Map<string, Intl.NumberFormat>();

function wholeUnitFormat(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let format = wholeUnitFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    wholeUnitFormats.set(code, format);
  }
  return format;
}

/**
 * An amount in minor units for display, in US English: `formatMoney(7500, 'usd')`
 * is `$75.00`, `formatMoney(123456, 'eur')` is `€1,234.56`. Throws on anything
 * but a safe integer, so a float never slips through silently.
 */
export function formatMoney(amountInMinorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(amountInMinorUnits)) {
    throw new TypeError(`Money amounts are whole numbers of minor units, got ${amountInMinorUnits}`);
  }
  const digits = minorUnitDigits(currency);
  const scale = 10 ** digits;
  const magnitude = Math.abs(amountInMinorUnits);
  const major = Math.floor(magnitude / scale);
  const minor = magnitude - major * scale;
  // Intl only ever sees the whole major part (an integer): it supplies the
  // symbol and the thousands separators; the decimals are appended as text.
  const parts = wholeUnitFormat(currency).formatToParts(major);
  const fraction = digits === 0 ? '' : `.${String(minor).padStart(digits, '0')}`;
  let text = '';
  let lastIntegerPart = -1;
  parts.forEach((part, index) => {
    if (part.type === 'integer' || part.type === 'group') lastIntegerPart = index;
  });
  parts.forEach((part, index) => {
    text += part.value;
    if (index === lastIntegerPart) text += fraction;
  });
  return amountInMinorUnits < 0 ? `-${text}` : text;
}

/**
 * A price as advertised: `$75` rather than `$75.00` for a whole amount,
 * `$75.50` otherwise (`formatPrice(7500, 'usd')`).
 */
export function formatPrice(amountInMinorUnits: number, currency: string): string {
  const text = formatMoney(amountInMinorUnits, currency);
  return amountInMinorUnits % 10 ** minorUnitDigits(currency) === 0 ? text.replace(/[.]0+$/, '') : text;
}

/**
 * An amount typed in the currency's major units ("20,000", "48210.5") as an
 * integer of minor units, with string arithmetic so no binary fraction
 * creeps in; null when the text is empty, undefined when it is not an
 * amount (a sign, letters, more decimals than the currency has).
 */
export function minorUnitsFromText(text: string, currency: string): number | null | undefined {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  const digits = minorUnitDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > digits) return undefined;
  const minor = Number(whole + fraction.padEnd(digits, '0').slice(0, digits));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units as an input shows them in major units, without grouping: `4821050` USD is `48210.50`, `2000000` is `20000`. */
export function amountInputText(amountInMinorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const scale = 10 ** digits;
  const whole = Math.floor(amountInMinorUnits / scale);
  const minor = amountInMinorUnits - whole * scale;
  return minor === 0 ? String(whole) : `${whole}.${String(minor).padStart(digits, '0')}`;
}
