import { cx } from '../lib/cx.ts';
import type { PublishedDate } from '../lib/dates.ts';
import { Icon } from './ui/icon.tsx';

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
    <p className={cx('content-meta', className)}>
      {published !== null ? (
        <span className="content-meta-item">
          <Icon name="calendar" className="size-4" />
          <time dateTime={published.iso}>{dateStyle === 'long' ? published.long : published.short}</time>
        </span>
      ) : null}
      {readTime !== null ? (
        <span className="content-meta-item">
          <Icon name="clock" className="size-4" />
          {formatReadTime(readTime)}
        </span>
      ) : null}
    </p>
  );
}
