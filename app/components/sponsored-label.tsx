import { cx } from '../lib/cx.ts';

/**
 * The disclosure of a paid post, required by advertising rules wherever the
 * post appears: its page, its card and its tile.
 */
export function SponsoredLabel({ className }: { className?: string }) {
  return (
    <span className={cx('inline-block rounded-sm bg-amber-100 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900', className)}>
      Sponsored
    </span>
  );
}

/** Paid links, as search engines ask them to be marked; others keep no referrer. */
export const campaignLinkRel = (sponsored: boolean) => (sponsored ? 'sponsored noopener' : 'noopener noreferrer');
