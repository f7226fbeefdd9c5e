import { cx } from '../lib/cx.ts';
import type { PublishedDate } from '../lib/dates.ts';
import { Icon } from './ui/icon.tsx';

/** `5 min read`. */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** `Reviewed by Jo Marsh`: a post's byline. */
export function formatByline(name: string): string {
  return `Reviewed by ${name}`;
}

/** Byline, published date and read time, as a post or resource shows them. */
export function ContentMeta({
  author = null,
  published,
  readTime,
  dateStyle,
  className,
}: {
  /** Who the post names as its reviewer (its page only; cards show none). */
  author?: { name: string } | null;
  published: PublishedDate | null;
  readTime: number | null;
  /** `long` on detail pages (November 22, 2026), `short` on cards (Nov 22, 2026). */
  dateStyle: 'long' | 'short';
  className?: string;
}) {
  if (author === null && published === null && readTime === null) return null;
  return (
    <p className={cx('content-meta', className)}>
      {author !== null ? (
        <span className="content-meta-item">
          <Icon name="user" className="size-4" />
          {formatByline(author.name)}
        </span>
      ) : null}
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
