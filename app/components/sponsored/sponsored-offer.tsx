import { ChartLine, Check, Clock, Megaphone, Newspaper, PenLine, Rocket, Share2, Infinity as Permanent, type LucideIcon } from 'lucide-react';
import { splitIncludedItem } from '../../../common/site-texts.ts';

// The default items' icons by title; items an owner adds get a tick.
const ICONS: Record<string, LucideIcon> = {
  'a written review': PenLine,
  'a permanent listing': Permanent,
  'a private report': ChartLine,
  'newsletter inclusion': Newspaper,
  'social sharing': Share2,
};

/** The sponsored offer's promises, as the site settings word them (common/site-texts.ts). */
export interface SponsoredPromises {
  responseTime: string;
  liveTime: string;
  /** One item a line, `Title: description`. */
  includes: readonly string[];
}

/**
 * SPEC.md section 1: what the $75 sponsored post includes, and when. The
 * site settings may word the price and the promises differently and add a
 * line of social proof; without one, no figure is claimed.
 */
export function SponsoredOffer({
  priceLabel,
  priceText = null,
  socialProof = null,
  promises,
}: {
  priceLabel: string;
  priceText?: string | null;
  socialProof?: string | null;
  promises: SponsoredPromises;
}) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="sponsored-price" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
        <h2 id="sponsored-price" className="text-sm font-semibold uppercase tracking-wide text-primary">
          One simple price
        </h2>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">{priceText ?? priceLabel}</span>
          <span className="text-muted-foreground">flat, one-time fee</span>
        </p>
        <p className="mt-2 text-sm text-muted-foreground">No subscription, no commission on your funds raised.</p>
      </section>

      <section aria-labelledby="sponsored-includes">
        <h2 id="sponsored-includes" className="section-title-sm">
          What you get
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {promises.includes.map((line, index) => {
            const { title, text } = splitIncludedItem(line);
            const Icon = ICONS[title.toLowerCase()] ?? Check;
            return (
              <li key={`${index}-${title}`} className="flex gap-3 rounded-lg border border-border bg-card p-4">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  {text ? <p className="mt-1 text-sm text-muted-foreground">{text}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="sponsored-timeline">
        <h2 id="sponsored-timeline" className="section-title-sm">
          How it works
        </h2>
        <ol className="mt-4 grid gap-3">
          <li className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Fill in the form and pay the {priceLabel} fee through our secure checkout.</span>
          </li>
          <li className="flex gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{`We get back to you within ${promises.responseTime}.`}</span>
          </li>
          <li className="flex gap-3">
            <Rocket aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{`Your sponsored post goes live within ${promises.liveTime} after payment.`}</span>
          </li>
          <li className="flex gap-3">
            <ChartLine aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Once it is live, you get the link to its private report: its views, visitors and clicks to your campaign, day by day.</span>
          </li>
        </ol>
      </section>

      {socialProof ? (
        <section aria-labelledby="sponsored-reach" className="flex gap-3 rounded-xl border border-border bg-card p-6">
          <Megaphone aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          <h2 id="sponsored-reach" className="section-title-sm">
            {socialProof}
          </h2>
        </section>
      ) : null}
    </div>
  );
}
