import { Link } from 'react-router';
import type { ResourceCard as ResourceCardData } from '../lib/content-cards.ts';
import { ContentMeta } from './content-meta.tsx';
import { CoverImage } from './cover-image.tsx';
import { CARD_IMAGE_SIZES } from './post-card.tsx';

/** SPEC.md's resource card: cover, title, excerpt, date ('MMM d, yyyy') and read time, linking to /{slug}. */
export function ResourceCard({
  resource,
  isPriority = false,
  headingLevel = 2,
}: {
  resource: ResourceCardData;
  isPriority?: boolean;
  /** The title's heading level, one below the list's own heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md">
      <CoverImage src={resource.cover_image} fallback={resource.cover_fallback} title={resource.title} sizes={CARD_IMAGE_SIZES} isPriority={isPriority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold leading-snug">
          <Link to={`/${resource.slug}`} prefetch="intent" className="after:absolute after:inset-0 group-hover:underline">
            {resource.title}
          </Link>
        </Heading>
        {resource.excerpt ? <p className="line-clamp-3 text-sm text-muted-foreground">{resource.excerpt}</p> : null}
        <ContentMeta
          className="mt-auto pt-2"
          published={resource.published}
          readTime={resource.read_time}
          dateStyle="short"
        />
      </div>
    </article>
  );
}
