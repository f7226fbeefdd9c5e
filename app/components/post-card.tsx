import type { PostCard as PostCardData } from '../lib/content-cards.ts';
import { useOutboundPing } from '../lib/outbound-ping.ts';
import { CampaignCardLine } from './campaign-facts.tsx';
import { CategoryBadges, shownCategories } from './category-badges.tsx';
import { ContentCard } from './content-card.tsx';
import { ContentMeta } from './content-meta.tsx';
import { VerdictLabel } from './post-review.tsx';
import { FundingBar } from './funding-bar.tsx';
import { campaignLinkRel, SponsoredLabel } from './sponsored-label.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * A published post in a list: cover, its verdict and categories, title
 * (the link to the post), its campaign's funding bar, excerpt, the
 * campaign's standing, date and read time, and the campaign link when
 * there is one.
 */
export function PostCard({
  post,
  headingLevel = 3,
  isPriority = false,
  pageCategoryId,
}: {
  post: PostCardData;
  /** The title's heading level, one below the list's own heading. */
  headingLevel?: 2 | 3;
  isPriority?: boolean;
  /** The category whose page lists the card: its badge is left out. */
  pageCategoryId?: string;
}) {
  const categories = shownCategories(post.categories, pageCategoryId);
  // The card's campaign link is counted like the post page's (decision 067).
  const counted = useOutboundPing(post.slug);
  return (
    <ContentCard
      href={`/${post.slug}`}
      title={post.title}
      headingLevel={headingLevel}
      cover={{ src: post.cover_image, fallback: post.cover_fallback }}
      isPriority={isPriority}
      eyebrow={
        post.sponsored || post.verdict !== null || categories.length > 0 ? (
          <>
            {post.sponsored ? <SponsoredLabel className="w-fit" /> : null}
            {post.verdict !== null ? <VerdictLabel verdict={post.verdict} /> : null}
            <CategoryBadges categories={categories} />
          </>
        ) : null
      }
      bar={post.campaign && post.campaign.percent !== null ? <FundingBar percent={post.campaign.percent} label="Funding" /> : null}
      excerpt={post.excerpt}
      facts={post.campaign ? <CampaignCardLine campaign={post.campaign} /> : null}
      meta={<ContentMeta published={post.published} readTime={post.read_time} dateStyle="short" />}
      action={
        post.campaign_url ? (
          <a
            href={post.campaign_url}
            target="_blank"
            rel={campaignLinkRel(post.sponsored)}
            className="content-card-action"
            {...counted}
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
