import { formatWholeAmount } from '../../common/campaign.ts';
import { minorUnitDigits } from '../../common/money.ts';
import { unpackHistory, type CampaignTrend as Trend } from '../lib/campaign-chart.ts';
import { CampaignChart } from './campaign-chart.tsx';

/**
 * Below a post's fact box: what a live campaign short of its goal still
 * needs a day, and its pledges over time. Nothing for a post without a
 * campaign.
 */
export function CampaignTrend({ trend }: { trend: Trend | null | undefined }) {
  if (!trend) return null;
  return (
    <>
      {trend.neededPerDay === null ? null : (
        <p className="mt-4 text-sm font-medium">{neededPerDayText(trend.neededPerDay, trend.currency)}</p>
      )}
      <CampaignChart points={unpackHistory(trend.history)} goal={trend.goal} currency={trend.currency} timeZone={trend.timeZone} />
    </>
  );
}

/** "$1,235 a day needed to fund": whole units, rounded up, since rounding down would promise a goal the amount does not reach. */
export function neededPerDayText(neededPerDay: number, currency: string): string {
  const unit = 10 ** minorUnitDigits(currency);
  return `${formatWholeAmount(Math.ceil(neededPerDay / unit) * unit, currency)} a day needed to fund`;
}
