/**
 * What the site thinks of a post's campaign: the verdict as a label (cards,
 * tiles, the page) and the "Our take" block after the fact box. A sponsored
 * post has none, and its page says so beside its Sponsored label
 * (decision 093).
 */
import { REVIEW_LIMITS, SPONSORED_NOT_RATED, VERDICT_LABELS, type ReviewJson, type Verdict } from '../../common/review.ts';
import { cx } from '../lib/cx.ts';

const VERDICT_TONES: Record<Verdict, string> = {
  back_it: 'bg-emerald-100 text-emerald-900',
  worth_watching: 'bg-sky-100 text-sky-900',
  wait: 'bg-slate-200 text-slate-800',
};

/** "Back it", "Worth watching", "Wait for retail", in the verdict's colours. */
export function VerdictLabel({ verdict, className }: { verdict: Verdict; className?: string }) {
  return (
    <span className={cx('verdict-label', VERDICT_TONES[verdict], className)}>
      <span className="sr-only">Our verdict: </span>
      {VERDICT_LABELS[verdict]}
    </span>
  );
}

/** The page's word, beside the Sponsored label, that no editor rated a paid post. */
export function SponsoredNotRated() {
  return <span className="text-sm text-muted-foreground">{SPONSORED_NOT_RATED}</span>;
}

/** "Our take": the verdict and score, the take, who it is for and the risks. */
export function PostReview({ review }: { review: ReviewJson }) {
  return (
    <section aria-labelledby="our-take" className="mt-6 rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="our-take" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          Our take
        </h2>
        <p className="flex items-center gap-3">
          <VerdictLabel verdict={review.verdict} />
          {review.score !== null ? (
            <span className="text-sm font-semibold tabular-nums">
              <span className="sr-only">Our score: </span>
              {review.score}
              <span className="text-muted-foreground">{`/${REVIEW_LIMITS.scoreMax}`}</span>
            </span>
          ) : null}
        </p>
      </div>
      <p className="mt-3 whitespace-pre-line leading-relaxed">{review.take}</p>
      {review.for_whom ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Who it is for</h3>
          <p className="mt-1 text-sm">{review.for_whom}</p>
        </div>
      ) : null}
      {review.risks.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Risks</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {review.risks.map((risk, index) => (
              <li key={index}>{risk}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
