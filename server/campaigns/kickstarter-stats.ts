/**
 * Kickstarter's `{project url}/stats.json`, the small document its own
 * project page polls: `{"project":{"id":…,"state":"live","backers_count":…,
 * "pledged":"1234.0","comments_count":…}}`. Pledged is a decimal string in
 * the project's currency, converted here to minor units digit by digit
 * (never through a float, which would turn 0.29 into 28.999…).
 */
import type { CampaignState } from '../../common/campaign.ts';
import { minorUnitDigits } from '../../common/money.ts';
import { fetchFailed } from './safe-fetch.ts';

export interface StatsChanges {
  pledged: number;
  backers: number;
  /** Absent when Kickstarter's word has no counterpart here (a draft, a suspended project). */
  state?: CampaignState;
}

/** Kickstarter's states that say something the stored state can take. */
const STATES: Partial<Record<string, CampaignState>> = {
  live: 'live',
  successful: 'successful',
  failed: 'failed',
  canceled: 'canceled',
  cancelled: 'canceled',
  submitted: 'upcoming',
};

/** The stats document's URL: the project's address, without query or fragment, with `/stats.json` after its path. */
export function statsUrl(projectUrl: string): string {
  const url = new URL(projectUrl);
  url.search = '';
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/stats.json`;
  return url.toString();
}

/** `"1234.5"` in a currency of `digits` decimals → 123450; null for anything that is not such a number. */
export function decimalToMinorUnits(text: string, digits: number): number | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const fraction = match[2] ?? '';
  // Decimals beyond the currency's are allowed only as zeros ("1234.50" in yen is not exact).
  if (/[^0]/.test(fraction.slice(digits))) return null;
  const value = Number(match[1] + fraction.slice(0, digits).padEnd(digits, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** The facts a stats document gives, or a failure naming what was wrong with it. */
export function parseKickstarterStats(body: string, currency: string): StatsChanges {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw fetchFailed('Kickstarter answered something that is not JSON');
  }
  const project = (document as { project?: unknown } | null)?.project;
  if (!project || typeof project !== 'object') throw fetchFailed('Kickstarter\'s stats have no project in them');
  const { pledged, backers_count: backers, state } = project as Record<string, unknown>;
  const pledgedText = typeof pledged === 'number' ? String(pledged) : pledged;
  const pledgedMinor = typeof pledgedText === 'string' ? decimalToMinorUnits(pledgedText, minorUnitDigits(currency)) : null;
  if (pledgedMinor === null) throw fetchFailed(`Kickstarter's pledged amount is not a ${currency.toUpperCase()} amount`);
  if (typeof backers !== 'number' || !Number.isSafeInteger(backers) || backers < 0) {
    throw fetchFailed('Kickstarter\'s backer count is not a whole number');
  }
  const mapped = typeof state === 'string' ? STATES[state] : undefined;
  return { pledged: pledgedMinor, backers, ...(mapped ? { state: mapped } : {}) };
}
