/**
 * A post's campaign on the public pages: the fact box near the title, the
 * compact line of a card or tile, and the countdown both keep current.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BADGE_LABELS, formatPercent, nextCampaignChange, type CampaignBadge } from '../../common/campaign.ts';
import { countdownFacts, countdownWords, type CampaignBoxView, type CampaignCardView } from '../lib/campaign-view.ts';
import { cx } from '../lib/cx.ts';

/** A timer never waits longer than this: browsers fire far longer delays at once. */
const MAX_WAIT_MS = 60 * 60 * 1000;

const BADGE_TONES: Record<CampaignBadge, string> = {
  pre_launch: 'bg-sky-100 text-sky-900',
  just_launched: 'bg-sky-100 text-sky-900',
  ending_soon: 'bg-amber-100 text-amber-900',
  funded: 'bg-emerald-100 text-emerald-900',
  late_pledge: 'bg-violet-100 text-violet-900',
  ended: 'bg-slate-200 text-slate-800',
  canceled: 'bg-red-100 text-red-900',
};

export function CampaignBadges({ badges, className }: { badges: readonly CampaignBadge[]; className?: string }) {
  if (badges.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)} aria-label="Campaign">
      {badges.map((badge) => (
        <li key={badge} className={cx('campaign-badge', BADGE_TONES[badge])}>
          {BADGE_LABELS[badge]}
        </li>
      ))}
    </ul>
  );
}

/**
 * The time line in a `<time>`: as the server wrote it, then, while a
 * countdown runs, its words anew each time they change. Its width is
 * reserved, so nothing after it moves when they do.
 */
export function CampaignTime({ time, className }: { time: NonNullable<CampaignCardView['time']>; className?: string }) {
  const [text, setText] = useState(time.text);
  const { countdown } = time;
  useEffect(() => {
    setText(time.text);
    if (!countdown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Math.floor(Date.now() / 1000);
      setText(countdownWords(countdown, now));
      const next = nextCampaignChange(countdownFacts(countdown.endsAt), now);
      if (next !== null) timer = setTimeout(tick, Math.min(Math.max(next * 1000 - Date.now(), 0), MAX_WAIT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [time.text, countdown]);
  return (
    <time dateTime={time.datetime} className={cx('campaign-time', className)}>
      {text}
    </time>
  );
}

/** "241 %" and the time line of a card or tile, with its badges. */
export function CampaignCardLine({ campaign, className }: { campaign: CampaignCardView; className?: string }) {
  return (
    <div className={cx('flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm', className)}>
      <CampaignBadges badges={campaign.badges} />
      {campaign.percent !== null ? <span className="font-semibold tabular-nums">{`${formatPercent(campaign.percent)} funded`}</span> : null}
      {campaign.time ? <CampaignTime time={campaign.time} /> : null}
    </div>
  );
}

/** The fact box near a post's title: where the campaign stands, and who said so when; `children` close it (Follow). */
export function CampaignFactBox({ campaign, children }: { campaign: CampaignBoxView; children?: ReactNode }) {
  const shown = campaign.percent === null ? null : Math.min(campaign.percent, 100);
  return (
    <section aria-labelledby="campaign-facts" className="mt-6 rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="campaign-facts" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {campaign.platform} campaign
        </h2>
        <CampaignBadges badges={campaign.badges} />
      </div>
      {campaign.funding ? <p className="mt-3 text-lg font-semibold tabular-nums">{campaign.funding}</p> : null}
      {shown !== null ? (
        <div
          role="progressbar"
          aria-label="Funded"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={formatPercent(campaign.percent ?? shown)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${shown}%` }} />
        </div>
      ) : null}
      {campaign.backers || campaign.time ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {campaign.backers ? <span className="tabular-nums">{campaign.backers}</span> : null}
          {campaign.time ? <CampaignTime time={campaign.time} className="font-medium" /> : null}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-muted-foreground">
        <time dateTime={campaign.asOf.datetime}>{campaign.asOf.text}</time>
      </p>
      {campaign.fees ? <FeeLinks fees={campaign.fees} /> : null}
      {children}
    </section>
  );
}

/** The way from the fact box to the platform's fee calculator, filled with this campaign's figures. */
function FeeLinks({ fees }: { fees: NonNullable<CampaignBoxView['fees']> }) {
  const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
  if (fees.otherCurrency) {
    const { href, calculator, currency } = fees.otherCurrency;
    return (
      <p className="mt-3 text-sm text-muted-foreground">
        The{' '}
        <Link to={href} prefetch="intent" className={linkClass}>
          {calculator}
        </Link>{' '}
        computes in USD only, so it cannot show this campaign&apos;s fees in {currency}.
      </p>
    );
  }
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {fees.links.map((link) => (
        <li key={link.href}>
          <Link to={link.href} prefetch="intent" className={linkClass}>
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
