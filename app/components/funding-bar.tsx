import { formatPercent } from '../../common/campaign.ts';
import { cx } from '../lib/cx.ts';

/**
 * How far a campaign is to its goal, as a bar: the same one on cards,
 * tiles and the post's fact box, so they read alike. At least 8 px high at
 * any text size, full at 100 % while its value's words say how far past
 * the goal a campaign is ("241 %"). A bar is a graphic of a number: it
 * names the number for assistive technology (`aria-valuetext`) and stays
 * out of the way of the words beside it.
 */
export function FundingBar({
  percent,
  label,
  tone = 'light',
  className,
}: {
  /** Pledged as a whole percentage of the goal; may pass 100. */
  percent: number;
  /** The bar's accessible name ("Funding" on a card, "Funded" in the fact box). */
  label: string;
  /** `dark` on a picture (a tile's cover): a light track and fill. */
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const shown = Math.max(0, Math.min(percent, 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      aria-valuetext={formatPercent(percent)}
      className={cx('funding-bar', tone === 'dark' && 'funding-bar-dark', className)}
    >
      <div className="funding-bar-fill" style={{ width: `${shown}%` }} />
    </div>
  );
}
