/**
 * The fee rules of SPEC.md section 9, computed in whole cents with BigInt:
 * no binary fractions, and no loss of precision however large the amount.
 * Percentages are basis points (1/100 of a percent); a fee that falls
 * between two cents is rounded half up, as a payment processor would.
 */

export interface FeeRules {
  platformBasisPoints: bigint;
  processingBasisPoints: bigint;
  perBackerCents: bigint;
  /** An optional flat fee the visitor can add (Indiegogo's bank transfer). */
  bankTransferCents?: bigint;
}

/** Kickstarter: 5% platform fee; processing 3% plus $0.20 per backer. */
export const KICKSTARTER_FEES: FeeRules = {
  platformBasisPoints: 500n,
  processingBasisPoints: 300n,
  perBackerCents: 20n,
};

/** Indiegogo: 5% platform fee; processing 3% plus $0.30 per backer; optional $25 international bank transfer. */
export const INDIEGOGO_FEES: FeeRules = {
  platformBasisPoints: 500n,
  processingBasisPoints: 300n,
  perBackerCents: 30n,
  bankTransferCents: 2500n,
};

export interface FeeBreakdown {
  fundsCents: bigint;
  platformFeeCents: bigint;
  processingFeeCents: bigint;
  bankTransferFeeCents: bigint;
  totalFeesCents: bigint;
  /** Funds minus total fees; negative when the fees exceed the funds. */
  youReceiveCents: bigint;
}

// A whole number with at most 2 decimals… or more, which are rounded.
const AMOUNT_PATTERN = /^(\d*)(?:\.(\d*))?$/;
// No amount anyone raises has more digits than this; it also bounds the work.
const MAX_INTEGER_DIGITS = 15;

/**
 * Funds raised as typed ("1234.5", "0.99") in cents, rounded half up to the
 * cent; null when the text is not a plain positive decimal number. SPEC.md
 * section 5: nothing is computed for zero, negative or unparsable input.
 */
export function parseAmountToCents(text: string): bigint | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) return null;
  const padded = fraction.padEnd(3, '0');
  let cents = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return cents > 0n ? cents : null;
}

/** The number of backers as typed; null unless a whole number above zero. */
export function parseBackers(text: string): bigint | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}$/.test(trimmed)) return null;
  const backers = BigInt(trimmed);
  return backers > 0n ? backers : null;
}

function percentOf(cents: bigint, basisPoints: bigint): bigint {
  return (cents * basisPoints + 5000n) / 10000n;
}

/** The fees for `fundsCents` raised from `backers` people under `rules`. */
export function calculateFees(
  rules: FeeRules,
  fundsCents: bigint,
  backers: bigint,
  options: { includeBankTransfer?: boolean } = {},
): FeeBreakdown {
  const platformFeeCents = percentOf(fundsCents, rules.platformBasisPoints);
  const processingFeeCents = percentOf(fundsCents, rules.processingBasisPoints) + backers * rules.perBackerCents;
  const bankTransferFeeCents = options.includeBankTransfer ? (rules.bankTransferCents ?? 0n) : 0n;
  const totalFeesCents = platformFeeCents + processingFeeCents + bankTransferFeeCents;
  return {
    fundsCents,
    platformFeeCents,
    processingFeeCents,
    bankTransferFeeCents,
    totalFeesCents,
    youReceiveCents: fundsCents - totalFeesCents,
  };
}

/**
 * Reads the calculator form (funds, backers, optional bank transfer) and
 * computes the fees; null when either number is missing or not above zero.
 */
export function calculateFeesFromInput(
  rules: FeeRules,
  input: { funds: string | null; backers: string | null; includeBankTransfer?: boolean },
): FeeBreakdown | null {
  const fundsCents = input.funds === null ? null : parseAmountToCents(input.funds);
  const backers = input.backers === null ? null : parseBackers(input.backers);
  if (fundsCents === null || backers === null) return null;
  return calculateFees(rules, fundsCents, backers, { includeBankTransfer: input.includeBankTransfer ?? false });
}

/** US dollars with 2 decimals and thousands separators: `-$1,234.50`. */
export function formatUsdCents(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const dollars = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (magnitude % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}$${dollars}.${rest}`;
}
