import type { ResourceCard as ResourceCardData } from '../lib/content-cards.ts';
import { ContentCard } from './content-card.tsx';
import { ContentMeta } from './content-meta.tsx';

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
  return (
    <ContentCard
      href={`/${resource.slug}`}
      title={resource.title}
      headingLevel={headingLevel}
      cover={{ src: resource.cover_image, fallback: resource.cover_fallback }}
      isPriority={isPriority}
      excerpt={resource.excerpt}
      meta={<ContentMeta published={resource.published} readTime={resource.read_time} dateStyle="short" />}
    />
  );
}
