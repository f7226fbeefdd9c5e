import type { CampaignFacts } from '../../common/campaign.ts';
import {
  backersAtGoal,
  CALCULATOR_CURRENCIES,
  CALCULATOR_DEFAULT_CURRENCY,
  CALCULATOR_EMBED_PATHS,
  CALCULATOR_FIELDS,
  CALCULATOR_PATHS,
  calculatorComputesIn,
  type CalculatorPlatform,
} from '../../common/fee-calculators.ts';
import { escapeHtml } from '../../common/html.ts';
import { amountInputText, formatPrice } from '../../common/money.ts';
import { formatSiteDateTime } from '../../common/site-time.ts';

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
  /** The rules in US dollars; `feeRulesIn` gives them in another currency the platform publishes a fee for. */
  rules: FeeRules;
  /** When set, the optional bank transfer fee is offered as a checkbox (a US-dollar fee: only with US dollars). */
  bankTransferLabel?: string;
}

export const FEE_CALCULATORS: Record<CalculatorPlatform, FeeCalculatorDefinition> = {
  kickstarter: {
    platform: 'kickstarter',
    name: 'Kickstarter',
    rules: KICKSTARTER_FEES,
  },
  indiegogo: {
    platform: 'indiegogo',
    name: 'Indiegogo',
    rules: INDIEGOGO_FEES,
    bankTransferLabel: 'Include the $25 international bank transfer fee',
  },
};

/** The currencies a calculator computes in, US dollars first. */
export function calculatorCurrencies(calculator: Pick<FeeCalculatorDefinition, 'platform'>): string[] {
  return Object.keys(CALCULATOR_CURRENCIES[calculator.platform]);
}

/**
 * A calculator's rules in `currency` (one it computes in): the same
 * percentages with the platform's published fee per pledge in that
 * currency; the bank transfer fee only in US dollars, where it is charged.
 */
export function feeRulesIn(calculator: FeeCalculatorDefinition, currency: string): FeeRules {
  const code = currency.toUpperCase();
  const perBackerCents = CALCULATOR_CURRENCIES[calculator.platform][code];
  if (perBackerCents === undefined) throw new RangeError(`The ${calculator.name} calculator does not compute in ${code}`);
  const { bankTransferCents, ...rules } = calculator.rules;
  return code === CALCULATOR_DEFAULT_CURRENCY && bankTransferCents !== undefined
    ? { ...rules, perBackerCents, bankTransferCents }
    : { ...rules, perBackerCents };
}

/** "Payment processing (3% + €0.20 per backer)". */
export function processingLabel(rules: FeeRules, currency: string): string {
  const percent = Number(rules.processingBasisPoints) / 100;
  return `Payment processing (${percent}% + ${formatMinorUnits(rules.perBackerCents, currency)} per backer)`;
}

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
const MAX_BACKER_DIGITS = 12;

/** Why a typed number gives no figure: not a number above zero, or more digits than the calculator takes. */
export type NumberProblem = 'invalid' | 'too_large';

/** A number typed in scientific notation (a number input accepts "1e20"), as large as this or larger. */
function isHugeNumber(text: string, digits: number): boolean {
  const value = Number(text);
  return !Number.isNaN(value) && value >= 10 ** digits;
}

/**
 * Funds raised as typed ("1234.5", "0.99") in cents, rounded half up to the
 * cent; `invalid` when the text is not a plain positive decimal number
 * (SPEC.md section 5: nothing is computed for zero, negative or unparsable
 * input), `too_large` past MAX_INTEGER_DIGITS whole digits.
 */
export function readAmount(text: string): bigint | NumberProblem {
  const trimmed = text.trim();
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) return isHugeNumber(trimmed, MAX_INTEGER_DIGITS) ? 'too_large' : 'invalid';
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return 'invalid';
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) return 'too_large';
  const padded = fraction.padEnd(3, '0');
  let cents = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return cents > 0n ? cents : 'invalid';
}

/** `readAmount`, with null for any problem. */
export function parseAmountToCents(text: string): bigint | null {
  const amount = readAmount(text);
  return typeof amount === 'bigint' ? amount : null;
}

/** The number of backers as typed; `invalid` unless a whole number above zero, `too_large` past 12 digits. */
export function readBackers(text: string): bigint | NumberProblem {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) && trimmed.replace(/^0+/, '').length > MAX_BACKER_DIGITS) return 'too_large';
  if (!/^\d+$/.test(trimmed)) return isHugeNumber(trimmed, MAX_BACKER_DIGITS) ? 'too_large' : 'invalid';
  const backers = BigInt(trimmed);
  return backers > 0n ? backers : 'invalid';
}

/** `readBackers`, with null for any problem. */
export function parseBackers(text: string): bigint | null {
  const backers = readBackers(text);
  return typeof backers === 'bigint' ? backers : null;
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
  /** The currency the figures are in (upper case); the default when the address names none. */
  currency: string;
  /** Set when the address names a currency this calculator does not compute in: then nothing is computed. */
  currencyError: string | null;
  result: FeeBreakdown | null;
  /** The query string of this result (`funds=…&backers=…`), for its shareable link; null without a result. */
  resultQuery: string | null;
}

export const FUNDS_MISSING = 'Enter the funds raised.';
export const FUNDS_INVALID = 'Enter the funds raised as an amount above zero, such as 10000 or 2500.50.';
export const FUNDS_TOO_LARGE = `That amount is too large for this calculator: enter at most ${MAX_INTEGER_DIGITS} digits before the decimal point.`;
export const BACKERS_MISSING = 'Enter the number of backers.';
export const BACKERS_INVALID = 'Enter the number of backers as a whole number above zero, such as 150.';
export const BACKERS_TOO_LARGE = `That number of backers is too large for this calculator: enter at most ${MAX_BACKER_DIGITS} digits.`;

/** "This calculator computes in USD only." or "… in USD, EUR or GBP only.", for a currency it does not compute in. */
export function currencyNotComputed(calculator: FeeCalculatorDefinition, currency: string): string {
  const codes = calculatorCurrencies(calculator);
  const list = codes.length === 1 ? codes[0] : `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}`;
  return `This calculator computes in ${list} only: amounts in ${currency} are not converted, so no fees are shown for them.`;
}

/**
 * Reads a calculator's GET form from its address. A field that is absent
 * is no error (the page before a submit, or a link prefilled with the goal
 * alone): it only holds back the result. A field that was sent but is
 * empty, not above zero or too large gets a message, and there is no result
 * (SPEC.md section 5: nothing is computed from bad input). A currency the
 * calculator does not compute in computes nothing either, and says so.
 */
export function readFeeCalculatorForm(calculator: FeeCalculatorDefinition, params: URLSearchParams): FeeCalculatorForm {
  const named = params.get(CALCULATOR_FIELDS.currency)?.trim().toUpperCase() || CALCULATOR_DEFAULT_CURRENCY;
  const computes = calculatorComputesIn(calculator.platform, named);
  const currency = computes ? named : CALCULATOR_DEFAULT_CURRENCY;
  const rules = feeRulesIn(calculator, currency);
  const fields: FeeCalculatorFields = {
    funds: params.get(CALCULATOR_FIELDS.funds),
    backers: params.get(CALCULATOR_FIELDS.backers),
    includeBankTransfer: rules.bankTransferCents !== undefined && params.get(CALCULATOR_FIELDS.bankTransfer) === 'on',
  };
  const funds = fields.funds === null ? null : readAmount(fields.funds);
  const backers = fields.backers === null ? null : readBackers(fields.backers);
  const errors: FeeCalculatorForm['errors'] = {};
  if (fields.funds !== null && typeof funds !== 'bigint') {
    errors.funds = fields.funds.trim() === '' ? FUNDS_MISSING : funds === 'too_large' ? FUNDS_TOO_LARGE : FUNDS_INVALID;
  }
  if (fields.backers !== null && typeof backers !== 'bigint') {
    errors.backers = fields.backers.trim() === '' ? BACKERS_MISSING : backers === 'too_large' ? BACKERS_TOO_LARGE : BACKERS_INVALID;
  }
  const currencyError = computes ? null : currencyNotComputed(calculator, named);
  if (typeof funds !== 'bigint' || typeof backers !== 'bigint' || fields.funds === null || fields.backers === null || currencyError) {
    return { fields, errors, currency, currencyError, result: null, resultQuery: null };
  }
  const query = new URLSearchParams({
    [CALCULATOR_FIELDS.funds]: fields.funds.trim(),
    [CALCULATOR_FIELDS.backers]: fields.backers.trim(),
  });
  if (currency !== CALCULATOR_DEFAULT_CURRENCY) query.set(CALCULATOR_FIELDS.currency, currency);
  if (fields.includeBankTransfer) query.set(CALCULATOR_FIELDS.bankTransfer, 'on');
  return {
    fields,
    errors,
    currency,
    currencyError,
    result: calculateFees(rules, funds, backers, { includeBankTransfer: fields.includeBankTransfer }),
    resultQuery: query.toString(),
  };
}

/** The post a calculator was opened for, as its loader finds it. */
export interface CalculatorCampaignPost {
  slug: string;
  title: string;
  campaign: Pick<CampaignFacts, 'platform' | 'currency' | 'goal' | 'pledged' | 'backers' | 'facts_updated_at'>;
}

/** The line above a calculator opened from a campaign's fact box, and the way back to its post. */
export interface CalculatorCampaignLine {
  text: string;
  /** The post's path. */
  path: string;
  title: string;
}

/**
 * "Fees for {title} as of {date}: $33,100 from 402 backers", when the
 * calculator's address carries the campaign's figures as its fact box links
 * them (what is pledged now, or its goal with the backers it would take);
 * null when the figures are not the campaign's (edited, or the campaign
 * has moved on since the link was made), so the line never names a
 * campaign for numbers that are not its own.
 */
export function calculatorCampaignLine(
  calculator: FeeCalculatorDefinition,
  post: CalculatorCampaignPost,
  params: URLSearchParams,
  timeZone: string,
): CalculatorCampaignLine | null {
  const { campaign } = post;
  const currency = campaign.currency.toUpperCase();
  if (campaign.platform !== calculator.platform || !calculatorComputesIn(calculator.platform, currency)) return null;
  const named = params.get(CALCULATOR_FIELDS.currency)?.trim().toUpperCase() || CALCULATOR_DEFAULT_CURRENCY;
  const funds = params.get(CALCULATOR_FIELDS.funds)?.trim();
  const backers = params.get(CALCULATOR_FIELDS.backers)?.trim();
  if (named !== currency || !funds || !backers) return null;
  const asOf = formatSiteDateTime(campaign.facts_updated_at, timeZone);
  const count = (value: number) => `${value.toLocaleString('en-US')} ${value === 1 ? 'backer' : 'backers'}`;
  const line = (text: string) => ({ text, path: `/${post.slug}`, title: post.title });
  const { goal, pledged } = campaign;
  if (pledged !== null && campaign.backers !== null && funds === amountInputText(pledged, currency) && backers === String(campaign.backers)) {
    return line(`Fees for ${post.title} as of ${asOf}: ${formatPrice(pledged, currency)} from ${count(campaign.backers)}`);
  }
  const atGoal = backersAtGoal(goal, pledged, campaign.backers);
  if (goal !== null && atGoal !== null && funds === amountInputText(goal, currency) && backers === String(atGoal)) {
    return line(
      `Fees for ${post.title} if it funds exactly at its goal: ${formatPrice(goal, currency)} from about ${count(atGoal)}, ` +
        `at its average pledge as of ${asOf}`,
    );
  }
  return null;
}

const CURRENCY_SIGNS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/** An amount in cents (or another currency's hundredths) with 2 decimals and thousands separators: `-$1,234.50`, `€20.00`. */
export function formatMinorUnits(cents: bigint, currency: string): string {
  const code = currency.toUpperCase();
  const sign = CURRENCY_SIGNS[code] ?? `${code} `;
  const magnitude = cents < 0n ? -cents : cents;
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (magnitude % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${sign}${whole}.${rest}`;
}

/** US dollars with 2 decimals and thousands separators: `-$1,234.50`. */
export function formatUsdCents(cents: bigint): string {
  return formatMinorUnits(cents, 'USD');
}
