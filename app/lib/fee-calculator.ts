import {
  CALCULATOR_EMBED_PATHS,
  CALCULATOR_FIELDS,
  CALCULATOR_PATHS,
  type CalculatorPlatform,
} from '../../common/fee-calculators.ts';
import { escapeHtml } from '../../common/html.ts';

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

/** What a calculator's page and its embeddable copy show for one platform. */
export interface FeeCalculatorDefinition {
  platform: CalculatorPlatform;
  /** The platform's name as readers know it. */
  name: string;
  rules: FeeRules;
  processingLabel: string;
  /** When set, the optional bank transfer fee is offered as a checkbox. */
  bankTransferLabel?: string;
}

export const FEE_CALCULATORS: Record<CalculatorPlatform, FeeCalculatorDefinition> = {
  kickstarter: {
    platform: 'kickstarter',
    name: 'Kickstarter',
    rules: KICKSTARTER_FEES,
    processingLabel: 'Payment processing (3% + $0.20 per backer)',
  },
  indiegogo: {
    platform: 'indiegogo',
    name: 'Indiegogo',
    rules: INDIEGOGO_FEES,
    processingLabel: 'Payment processing (3% + $0.30 per backer)',
    bankTransferLabel: 'Include the $25 international bank transfer fee',
  },
};

/** `origin` + `path`; the path alone when the origin is not known. */
export function linkOnSite(origin: string, path: string): string {
  return origin ? `${origin.replace(/\/+$/, '')}${path}` : path;
}

/** The address of a result on the calculator's own page, with its fields. */
export function resultLink(origin: string, platform: CalculatorPlatform, resultQuery: string): string {
  return linkOnSite(origin, `${CALCULATOR_PATHS[platform]}?${resultQuery}`);
}

/** The height the embedded calculator needs to show its form and a result without scrolling, at most widths. */
export const EMBED_HEIGHT = 820;

/**
 * The `<iframe>` another site pastes to show a calculator: an absolute
 * address on this site's origin and a title, which screen readers announce
 * for the frame. `allow="clipboard-write"` lets "Copy link to this result"
 * work inside the frame; a site that removes it gets the plain link instead.
 */
export function embedSnippet(origin: string, calculator: Pick<FeeCalculatorDefinition, 'platform' | 'name'>): string {
  const src = linkOnSite(origin, CALCULATOR_EMBED_PATHS[calculator.platform]);
  const title = `${calculator.name} fee calculator`;
  return (
    `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="100%" height="${EMBED_HEIGHT}" ` +
    `style="border:0;max-width:960px" loading="lazy" allow="clipboard-write"></iframe>`
  );
}

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

/** What a visitor sent through a calculator's GET form, as typed. */
export interface FeeCalculatorFields {
  funds: string | null;
  backers: string | null;
  includeBankTransfer: boolean;
}

/** The calculator form read from its address: the fields, a message per bad field, and the result when both are good. */
export interface FeeCalculatorForm {
  fields: FeeCalculatorFields;
  errors: { funds?: string; backers?: string };
  result: FeeBreakdown | null;
  /** The query string of this result (`funds=…&backers=…`), for its shareable link; null without a result. */
  resultQuery: string | null;
}

export const FUNDS_MISSING = 'Enter the funds raised.';
export const FUNDS_INVALID = 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.';
export const BACKERS_MISSING = 'Enter the number of backers.';
export const BACKERS_INVALID = 'Enter the number of backers as a whole number above zero, such as 150.';

/**
 * Reads a calculator's GET form from its address. A field that is absent
 * is no error (the page before a submit, or a link prefilled with the goal
 * alone): it only holds back the result. A field that was sent but is
 * empty or not above zero gets a message, and there is no result (SPEC.md
 * section 5: nothing is computed from bad input).
 */
export function readFeeCalculatorForm(rules: FeeRules, params: URLSearchParams): FeeCalculatorForm {
  const fields: FeeCalculatorFields = {
    funds: params.get(CALCULATOR_FIELDS.funds),
    backers: params.get(CALCULATOR_FIELDS.backers),
    includeBankTransfer: rules.bankTransferCents !== undefined && params.get(CALCULATOR_FIELDS.bankTransfer) === 'on',
  };
  const fundsCents = fields.funds === null ? null : parseAmountToCents(fields.funds);
  const backers = fields.backers === null ? null : parseBackers(fields.backers);
  const errors: FeeCalculatorForm['errors'] = {};
  if (fields.funds !== null && fundsCents === null) errors.funds = fields.funds.trim() === '' ? FUNDS_MISSING : FUNDS_INVALID;
  if (fields.backers !== null && backers === null) errors.backers = fields.backers.trim() === '' ? BACKERS_MISSING : BACKERS_INVALID;
  if (fundsCents === null || backers === null || fields.funds === null || fields.backers === null) {
    return { fields, errors, result: null, resultQuery: null };
  }
  const query = new URLSearchParams({
    [CALCULATOR_FIELDS.funds]: fields.funds.trim(),
    [CALCULATOR_FIELDS.backers]: fields.backers.trim(),
  });
  if (fields.includeBankTransfer) query.set(CALCULATOR_FIELDS.bankTransfer, 'on');
  return {
    fields,
    errors,
    result: calculateFees(rules, fundsCents, backers, { includeBankTransfer: fields.includeBankTransfer }),
    resultQuery: query.toString(),
  };
}

/** US dollars with 2 decimals and thousands separators: `-$1,234.50`. */
export function formatUsdCents(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const dollars = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (magnitude % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}$${dollars}.${rest}`;
}
