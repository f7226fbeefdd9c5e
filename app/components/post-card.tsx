import type { PostCard as PostCardData } from '../lib/content-cards.ts';
import { CategoryBadges } from './category-badges.tsx';
import { ContentCard } from './content-card.tsx';
import { ContentMeta } from './content-meta.tsx';
import { campaignLinkRel, SponsoredLabel } from './sponsored-label.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * A published post in a list: cover, categories, title (the link to the
 * post), excerpt, date and read time, and the campaign link when there is one.
 */
export function PostCard({
  post,
  headingLevel = 3,
  isPriority = false,
}: {
  post: PostCardData;
  /** The title's heading level, one below the list's own heading. */
  headingLevel?: 2 | 3;
  isPriority?: boolean;
}) {
  return (
    <ContentCard
      href={`/${post.slug}`}
      title={post.title}
      headingLevel={headingLevel}
      cover={{ src: post.cover_image, fallback: post.cover_fallback }}
      isPriority={isPriority}
      eyebrow={
        post.sponsored || post.categories.length > 0 ? (
          <>
            {post.sponsored ? <SponsoredLabel className="w-fit" /> : null}
            <CategoryBadges categories={post.categories} />
          </>
        ) : null
      }
      excerpt={post.excerpt}
      meta={<ContentMeta published={post.published} readTime={post.read_time} dateStyle="short" />}
      action={
        post.campaign_url ? (
          <a
            href={post.campaign_url}
            target="_blank"
            rel={campaignLinkRel(post.sponsored)}
            className="content-card-action"
          >
            Campaign
            <Icon name="external-link" className="size-3.5" />
            <span className="sr-only"> for {post.title} (opens in a new tab)</span>
          </a>
        ) : null
      }
    />
  );
}
