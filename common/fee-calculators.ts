/**
 * Where the two fee calculators live, the names of their GET form fields,
 * and the prefilled link to the calculator of a campaign's platform. The
 * calculator pages, their embeddable copies, the server's framing rule and
 * the campaign fact box all read these, so a link and the form it fills
 * cannot drift apart.
 */
import type { CampaignPlatform } from './campaign.ts';

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
} as const;

/** The calculators compute in US dollars, with US processing fees. */
const CALCULATOR_CURRENCY = 'USD';

export function hasCalculator(platform: CampaignPlatform): platform is CalculatorPlatform {
  return (CALCULATOR_PLATFORMS as readonly string[]).includes(platform);
}

/**
 * The path of the calculator for `platform`, prefilled with a campaign's
 * goal (and its backers, when known), e.g.
 * `calculatorLinkFor('kickstarter', 2_000_000, 'USD')` is
 * `/instant-kickstarter-fee-calculator?funds=20000`. Null for a platform
 * without a calculator. A path on this site: mails make it absolute with
 * the site's origin.
 *
 * The goal is in minor units (cents) and the calculators take whole
 * dollars, so it is divided by 100 and rounded half up to the dollar
 * (`2_000_049` → 20000, `2_000_050` → 20001), in integers. A goal in
 * another currency is not converted (the site has no exchange rate, and
 * the per-backer fees differ by currency): the link then opens the
 * calculator empty, as it does for a goal that is unknown or under $0.50.
 */
export function calculatorLinkFor(
  platform: CampaignPlatform,
  goalMinor: number | null,
  currency: string,
  options: { backers?: number | null } = {},
): string | null {
  if (!hasCalculator(platform)) return null;
  const path = CALCULATOR_PATHS[platform];
  if (goalMinor === null || !Number.isSafeInteger(goalMinor) || currency.toUpperCase() !== CALCULATOR_CURRENCY) return path;
  const dollars = Math.floor((goalMinor + 50) / 100);
  if (dollars <= 0) return path;
  const query = new URLSearchParams({ [CALCULATOR_FIELDS.funds]: String(dollars) });
  const { backers } = options;
  if (backers !== undefined && backers !== null && Number.isSafeInteger(backers) && backers > 0) {
    query.set(CALCULATOR_FIELDS.backers, String(backers));
  }
  return `${path}?${query.toString()}`;
}
