/**
 * A post's campaign on the public pages: the fact box near the title (the
 * post's hero), the compact line of a card or tile, and the countdown both
 * keep current.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BADGE_LABELS, formatPercent, nextCampaignChange, type CampaignBadge } from '../../common/campaign.ts';
import { countdownFacts, countdownFigure, countdownWords, type CampaignBoxView, type CampaignCardView } from '../lib/campaign-view.ts';
import { cx } from '../lib/cx.ts';
import { CampaignVideo } from './campaign-video.tsx';

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

/** One of the fact box's three figures: its value in display type over its label (the label read first). */
function Figure({ label, value, children, quiet = false }: { label: string; value: ReactNode; children?: ReactNode; quiet?: boolean }) {
  return (
    <div className="campaign-stat flex flex-col">
      <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
      <dd className={cx('campaign-figure order-1', quiet ? 'text-xl' : 'text-3xl')}>{value}</dd>
      {children}
    </div>
  );
}

/**
 * The countdown as the fact box's third figure ("12" over "days to go"),
 * kept current as `CampaignTime` keeps its words; a campaign not running
 * (or one whose end passed as the page stayed open) shows its time line
 * instead ("Ended 2 Nov", "Launches 3 Dec").
 */
function TimeFigure({ time, figure }: { time: CampaignBoxView['time']; figure: CampaignBoxView['timeFigure'] }) {
  const [shown, setShown] = useState(figure);
  const endsAt = time?.countdown?.endsAt ?? null;
  const value = figure?.value;
  const label = figure?.label;
  useEffect(() => {
    setShown(value !== undefined && label !== undefined ? { value, label } : null);
    if (endsAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Math.floor(Date.now() / 1000);
      setShown(countdownFigure(endsAt, now));
      const next = nextCampaignChange(countdownFacts(endsAt), now);
      if (next !== null) timer = setTimeout(tick, Math.min(Math.max(next * 1000 - Date.now(), 0), MAX_WAIT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, value, label]);
  if (shown && time) return <Figure label={shown.label} value={<time dateTime={time.datetime}>{shown.value}</time>} />;
  if (!time) return null;
  return <Figure label="Timing" value={<CampaignTime time={time} />} quiet />;
}

/**
 * The fact box, the post's hero: the basics, the video, then the numbers
 * that lead (decision 094): the bar, and the amount pledged in display
 * type with the goal under it, the backers and the time to go, side by
 * side from a tablet's width and stacked on a phone; who said so when;
 * `children` close it (Follow).
 */
export function CampaignFactBox({ campaign, title, children }: { campaign: CampaignBoxView; title: string; children?: ReactNode }) {
  const shown = campaign.percent === null ? null : Math.min(campaign.percent, 100);
  const { stats } = campaign;
  return (
    <section aria-labelledby="campaign-facts" className="campaign-facts mt-6 rounded-xl border border-border bg-card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="campaign-facts" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {campaign.platform} campaign
        </h2>
        <CampaignBadges badges={campaign.badges} />
      </div>
      {campaign.basics ? <p className="campaign-basics mt-2 text-base font-medium">{campaign.basics}</p> : null}
      {campaign.video ? <CampaignVideo video={campaign.video} title={title} className="mt-4" /> : null}
      {shown !== null ? (
        <div
          role="progressbar"
          aria-label="Funded"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={formatPercent(campaign.percent ?? shown)}
          className="campaign-bar mt-5 h-3 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${shown}%` }} />
        </div>
      ) : null}
      {stats.pledged !== null || stats.goalAmount !== null || stats.backers !== null || campaign.time ? (
        <dl className="campaign-stats mt-5 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-3">
          {stats.pledged !== null ? (
            <Figure label="pledged" value={<span className="text-4xl sm:text-5xl">{stats.pledged}</span>}>
              {stats.goal ? <dd className="order-3 mt-1 text-sm tabular-nums text-muted-foreground">{stats.goal}</dd> : null}
            </Figure>
          ) : stats.goalAmount !== null ? (
            <Figure label="goal" value={stats.goalAmount} />
          ) : null}
          {stats.backers !== null ? <Figure label={stats.backersLabel} value={stats.backers} /> : null}
          <TimeFigure time={campaign.time} figure={campaign.timeFigure} />
        </dl>
      ) : null}
      <p className="mt-4 text-xs text-muted-foreground">
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
