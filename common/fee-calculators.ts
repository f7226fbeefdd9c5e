/**
 * Where the two fee calculators live, the names of their GET form fields,
 * the currencies each computes in, and the prefilled links to the
 * calculator of a campaign's platform. The
 * calculator pages, their embeddable copies, the server's framing rule and
 * the campaign fact box all read these, so a link and the form it fills
 * cannot drift apart.
 */
import type { CampaignPlatform } from './campaign.ts';
import { amountInputText } from './money.ts';

/** The platforms that have a calculator on this site. */
export const CALCULATOR_PLATFORMS = ['kickstarter', 'indiegogo'] as const;
export type CalculatorPlatform = (typeof CALCULATOR_PLATFORMS)[number];

/** Each calculator's page (SPEC.md section 2). */
export const CALCULATOR_PATHS: Record<CalculatorPlatform, string> = {
  kickstarter: '/instant-kickstarter-fee-calculator',
  indiegogo: '/free-indiegogo-fee-calculator',
};

/** Each calculator's embeddable copy: the only pages other sites may frame (docs/decisions/060-embeddable-calculators.md). */
export const CALCULATOR_EMBED_PATHS: Record<CalculatorPlatform, string> = {
  kickstarter: '/embed/instant-kickstarter-fee-calculator',
  indiegogo: '/embed/free-indiegogo-fee-calculator',
};

/** The calculators' GET form fields, as they appear in a result's address. */
export const CALCULATOR_FIELDS = {
  funds: 'funds',
  backers: 'backers',
  /** A checkbox: `on` when ticked (Indiegogo only). */
  bankTransfer: 'bank_transfer',
  /** ISO 4217; absent means US dollars. */
  currency: 'currency',
  /** The slug of the post whose campaign the calculator was opened for (decision 079). */
  campaign: 'campaign',
} as const;

/** What a calculator computes in when its address names no currency. */
export const CALCULATOR_DEFAULT_CURRENCY = 'USD';

/**
 * The currencies each calculator computes in, with the platform's published
 * processing fee per pledge in that currency's minor units (the percentages
 * are the same in each). Kickstarter publishes €0.20 and £0.20 beside $0.20.
 * Indiegogo is USD only: its figures for other currencies are not ones this
 * site can vouch for, so its calculator says so rather than guess
 * (docs/decisions/079-fees-on-what-a-campaign-raised.md).
 */
export const CALCULATOR_CURRENCIES: Record<CalculatorPlatform, Readonly<Record<string, bigint>>> = {
  kickstarter: { USD: 20n, EUR: 20n, GBP: 20n },
  indiegogo: { USD: 30n },
};

export function hasCalculator(platform: CampaignPlatform): platform is CalculatorPlatform {
  return (CALCULATOR_PLATFORMS as readonly string[]).includes(platform);
}

/** Whether the calculator of `platform` computes in `currency` (any letter case). */
export function calculatorComputesIn(platform: CalculatorPlatform, currency: string): boolean {
  return Object.hasOwn(CALCULATOR_CURRENCIES[platform], currency.toUpperCase());
}

/** What a campaign's fact box needs to link to its platform's calculator. */
export interface CampaignForFees {
  /** The post's slug, so the calculator can name the campaign and link back. */
  slug: string;
  platform: CampaignPlatform;
  currency: string;
  goal: number | null;
  pledged: number | null;
  backers: number | null;
}

/** The fact box's links to the calculator of a campaign's platform. */
export interface CampaignFeeLinks {
  /** The fees on what is pledged now, from the backers it has now; null while either is unknown or zero. */
  pledged: string | null;
  /**
   * While short of its goal: the fees if it funds exactly at the goal, from
   * as many backers as today's average pledge takes to get there; null
   * otherwise.
   */
  atGoal: string | null;
  /** The calculator's bare path when it does not compute in the campaign's currency; null when it does. */
  otherCurrency: string | null;
}

const isCount = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value > 0;

/**
 * The backers a campaign would have at its goal if every new pledge were
 * today's average (`pledged / backers`), rounded up; null unless pledged and
 * backers are above zero and the goal is still ahead. In integers:
 * `backersAtGoal(3_000_000, 2_400_000, 300)` is 375.
 */
export function backersAtGoal(goal: number | null, pledged: number | null, backers: number | null): number | null {
  if (!isCount(goal) || !isCount(pledged) || !isCount(backers) || pledged >= goal) return null;
  const product = BigInt(goal) * BigInt(backers);
  const divisor = BigInt(pledged);
  return Number((product + divisor - 1n) / divisor);
}

/**
 * The links from a campaign's fact box to its platform's calculator, each
 * filled with an amount and the backers that go with it, so the fees shown
 * are those on that amount: what is pledged now with today's backers, and,
 * while short of the goal, the goal with the backers it would take. Amounts
 * go in exactly, in the campaign's currency (`3_310_050` USD is
 * `funds=33100.50`). Null for a platform without a calculator.
 */
export function campaignFeeLinks(campaign: CampaignForFees): CampaignFeeLinks | null {
  const { platform } = campaign;
  if (!hasCalculator(platform)) return null;
  const path = CALCULATOR_PATHS[platform];
  const currency = campaign.currency.toUpperCase();
  if (!calculatorComputesIn(platform, currency)) return { pledged: null, atGoal: null, otherCurrency: path };
  const link = (amount: number, backers: number) => {
    const query = new URLSearchParams({
      [CALCULATOR_FIELDS.funds]: amountInputText(amount, currency),
      [CALCULATOR_FIELDS.backers]: String(backers),
    });
    if (currency !== CALCULATOR_DEFAULT_CURRENCY) query.set(CALCULATOR_FIELDS.currency, currency);
    query.set(CALCULATOR_FIELDS.campaign, campaign.slug);
    return `${path}?${query.toString()}`;
  };
  const { goal, pledged, backers } = campaign;
  const atGoalBackers = backersAtGoal(goal, pledged, backers);
  return {
    pledged: isCount(pledged) && isCount(backers) ? link(pledged, backers) : null,
    atGoal: goal !== null && atGoalBackers !== null ? link(goal, atGoalBackers) : null,
    otherCurrency: null,
  };
}
