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
 * An amount typed in major units ("20000", "20000.50", "1,250.5") as an
 * exact integer of minor units of `currency`, by text rather than by
 * multiplying a float; null when it is not such an amount (more decimals
 * than the currency has, a sign, letters, or past what a number holds).
 */
export function parseMajorUnits(text: string, currency: string): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const digits = minorUnitDigits(currency);
  const whole = (match[1] ?? '').replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a form shows them for editing: `2000050` USD is `20000.50`, a whole amount has no decimals. */
export function minorToMajorText(amountInMinorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(amountInMinorUnits);
  const scale = 10 ** digits;
  const whole = Math.floor(amountInMinorUnits / scale);
  const minor = amountInMinorUnits - whole * scale;
  return minor === 0 ? String(whole) : `${whole}.${String(minor).padStart(digits, '0')}`;
}
