import { Calendar, Clock } from 'lucide-react';
import { cx } from '../lib/cx.ts';
import type { PublishedDate } from '../lib/dates.ts';

/** `5 min read`. */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** Published date and read time, as a post or resource shows them. */
export function ContentMeta({
  published,
  readTime,
  dateStyle,
  className,
}: {
  published: PublishedDate | null;
  readTime: number | null;
  /** `long` on detail pages (November 22, 2026), `short` on cards (Nov 22, 2026). */
  dateStyle: 'long' | 'short';
  className?: string;
}) {
  if (published === null && readTime === null) return null;
  return (
    <p className={cx('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      {published !== null ? (
        <span className="inline-flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-4" />
          <time dateTime={published.iso}>{dateStyle === 'long' ? published.long : published.short}</time>
        </span>
      ) : null}
      {readTime !== null ? (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          {formatReadTime(readTime)}
        </span>
      ) : null}
    </p>
  );
}
