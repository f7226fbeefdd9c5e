import { Link } from 'react-router';
import { cx } from '../lib/cx.ts';
import type { PublishedDate } from '../lib/dates.ts';
import type { PostAuthorJson } from '../../common/answers.ts';
import { AuthorAvatar } from './author-avatar.tsx';
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
  /** Who the post names as its reviewer (its page only; cards show none): linked to their page. */
  author?: PostAuthorJson | null;
  published: PublishedDate | null;
  readTime: number | null;
  /** `long` on detail pages (November 22, 2026), `short` on cards (Nov 22, 2026). */
  dateStyle: 'long' | 'short';
  className?: string;
}) {
  if (author === null && published === null && readTime === null) return null;
  return (
    <p className={cx('content-meta', className)}>
      {author !== null ? <Byline author={author} /> : null}
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

/**
 * "Reviewed by Jo Marsh", the name a link to the author's page, after their
 * avatar (or the person icon without one): the post page's byline, and its
 * preview under Account.
 */
export function Byline({ author }: { author: PostAuthorJson }) {
  return (
    <span className="content-meta-item">
      {author.avatar ? <AuthorAvatar src={author.avatar} size={24} /> : <Icon name="user" className="size-4" />}
      <span>
        {formatByline('')}
        <Link to={author.url} rel="author" className="font-medium text-foreground underline underline-offset-4 hover:decoration-2">
          {author.name}
        </Link>
      </span>
    </span>
  );
}
