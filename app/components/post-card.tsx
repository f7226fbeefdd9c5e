import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { PostCard as PostCardData } from '../lib/content-cards.ts';
import { CategoryBadges } from './category-badges.tsx';
import { ContentMeta } from './content-meta.tsx';
import { CoverImage } from './cover-image.tsx';
import { campaignLinkRel, SponsoredLabel } from './sponsored-label.tsx';

/** Grid cards are a third of the page wide on large screens, half on tablets. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw';

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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md">
      <CoverImage src={post.cover_image} fallback={post.cover_fallback} title={post.title} sizes={CARD_IMAGE_SIZES} isPriority={isPriority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {post.sponsored ? <SponsoredLabel className="w-fit" /> : null}
        <CategoryBadges categories={post.categories} />
        <Heading className="text-lg font-semibold leading-snug">
          {/* The link covers the whole card; the title is its accessible name. */}
          <Link to={`/${post.slug}`} prefetch="intent" className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <ContentMeta published={post.published} readTime={post.read_time} dateStyle="short" />
          {post.campaign_url ? (
            <a
              href={post.campaign_url}
              target="_blank"
              rel={campaignLinkRel(post.sponsored)}
              className="relative z-10 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
            >
              Campaign
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> for {post.title} (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}
