import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CoverFallback } from '../lib/content-cards.ts';
import { CoverImage } from './cover-image.tsx';

/** Grid cards are a third of the page wide on large screens, half on tablets. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw';

/** A row's picture is a thumbnail. */
const ROW_IMAGE_SIZES = '(min-width: 640px) 128px, 96px';

/**
 * The site's two cards, one component (docs/design.md): the `story` card, a
 * cover above the words, sells one item with its picture (posts and
 * resources in grids); the `row`, a rule above the words and at most a
 * small picture beside them, lists items to scan (search results, the
 * newsletter archive). Every list draws its items with it, so a change of
 * look is made once. The title's link covers the whole card; anything in
 * `action` sits above that link and stays separately clickable.
 */
export function ContentCard({
  layout = 'story',
  href,
  title,
  headingLevel = 3,
  cover,
  isPriority = false,
  eyebrow,
  bar,
  excerpt,
  facts,
  meta,
  action,
}: {
  layout?: 'story' | 'row';
  href: string;
  title: string;
  /** One below the list's own heading. */
  headingLevel?: 2 | 3;
  /** Lists with pictures pass the cover (or its drawn fallback); text lists pass nothing. */
  cover?: { src: string | null; fallback?: CoverFallback | null | undefined } | undefined;
  isPriority?: boolean;
  /** Labels above the title: categories, "Sponsored", the kind of result. */
  eyebrow?: ReactNode;
  /** Right under the title: a campaign's funding bar. */
  bar?: ReactNode;
  excerpt?: ReactNode;
  /** A campaign's badges, percentage and time left, below the excerpt. */
  facts?: ReactNode;
  /** Date and read time. */
  meta?: ReactNode;
  action?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={layout === 'row' ? 'content-row group' : 'content-card group'}>
      {cover ? (
        <CoverImage
          src={cover.src}
          fallback={cover.fallback}
          title={title}
          sizes={layout === 'row' ? ROW_IMAGE_SIZES : CARD_IMAGE_SIZES}
          isPriority={isPriority}
        />
      ) : null}
      <div className={layout === 'row' ? 'content-row-body' : 'content-card-body'}>
        {eyebrow ? <div className="flex flex-wrap items-center gap-2">{eyebrow}</div> : null}
        <Heading className="content-card-title">
          <Link to={href} prefetch="intent" className="after:absolute after:inset-0 group-hover:underline">
            {title}
          </Link>
        </Heading>
        {bar}
        {excerpt ? <p className="content-card-excerpt">{excerpt}</p> : null}
        {facts}
        {meta || action ? (
          <div className="content-card-footer">
            {meta}
            {action}
          </div>
        ) : null}
      </div>
    </article>
  );
}
