/**
 * A post's or a resource's article, as its page shows it: the public page
 * and the preview of a draft render the same markup.
 */
import { Link } from 'react-router';
import type { ArticleBody } from '../lib/article-body.ts';
import type { CampaignTrend as CampaignTrendData } from '../lib/campaign-chart.ts';
import type { PostDetail, ResourceDetail } from '../lib/content-cards.ts';
import { CampaignCta } from './campaign-cta.tsx';
import { CampaignFactBox } from './campaign-facts.tsx';
import { FollowCampaign, isFollowable } from './follow-campaign.tsx';
import { CampaignTrend } from './campaign-trend.tsx';
import { CategoryBadges } from './category-badges.tsx';
import { ContentMeta } from './content-meta.tsx';
import { CoverImage } from './cover-image.tsx';
import { MarkdownContent } from './markdown-content.tsx';
import { PostReview, SponsoredNotRated } from './post-review.tsx';
import { ShareLinks } from './share-links.tsx';
import { SponsoredLabel } from './sponsored-label.tsx';
import { Icon } from './ui/icon.tsx';

// The cover spans the article; its text keeps the reading measure (docs/design.md).
const PROSE_COLUMN = 'mx-auto max-w-(--container-prose)';

const DETAIL_IMAGE_SIZES = '(min-width: 832px) 768px, 100vw';

/** An item whose body a page request left in the page's HTML (lib/article-body.ts). */
type WithBody<Item extends { content: unknown }> = Omit<Item, 'content'> & { content: ArticleBody };

function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="mb-4 inline-flex min-h-6 items-center gap-1.5 rounded-sm text-sm font-medium sm:mb-6 text-muted-foreground hover:text-foreground"
    >
      <Icon name="arrow-left" className="size-4" />
      {children}
    </Link>
  );
}

/** `shareUrl`: the page's canonical address, for its share links; none on a preview. `trend`: its campaign's history, on the public page. */
export function PostArticle({ post, shareUrl }: { post: WithBody<PostDetail> & { trend?: CampaignTrendData | null }; shareUrl?: string | undefined }) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/">Back to Projects</BackLink>
      <CoverImage
        src={post.cover_image}
        fallback={post.cover_fallback}
        title={post.title}
        sizes={DETAIL_IMAGE_SIZES}
        isPriority
        className="rounded-xl shadow-sm"
      />
      <div className={PROSE_COLUMN}>
        <header className="mt-6 sm:mt-8">
          <div className="flex flex-wrap items-center gap-2">
            {post.sponsored ? (
              <>
                <SponsoredLabel />
                <SponsoredNotRated />
              </>
            ) : null}
            <CategoryBadges categories={post.categories} />
          </div>
          <h1 className="mt-4 page-title">{post.title}</h1>
          <ContentMeta className="mt-4" author={post.author} published={post.published} readTime={post.read_time} dateStyle="long" />
          {post.campaign ? (
            <CampaignFactBox campaign={post.campaign} title={post.title}>
              {isFollowable(post.campaign) ? <FollowCampaign slug={post.slug} calendar={post.campaign.time?.countdown != null} /> : null}
            </CampaignFactBox>
          ) : null}
          <CampaignTrend trend={post.trend} />
          {post.review ? <PostReview review={post.review} /> : null}
          {post.excerpt ? <p className="mt-6 text-xl italic leading-relaxed text-muted-foreground">{post.excerpt}</p> : null}
        </header>
        <div className="mt-10">
          <MarkdownContent content={post.content} />
        </div>
        {shareUrl ? <ShareLinks url={shareUrl} title={post.title} slug={post.slug} /> : null}
        <CampaignCta
          campaignUrl={post.campaign_url}
          action={post.campaign?.action ?? null}
          slug={post.slug}
          sponsored={post.sponsored}
          title={post.title}
        />
      </div>
    </article>
  );
}

export function ResourceArticle({
  resource,
  shareUrl,
}: {
  resource: WithBody<ResourceDetail>;
  shareUrl?: string | undefined;
}) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/resources">Back to Resources</BackLink>
      <header className={PROSE_COLUMN}>
        <h1 className="page-title">{resource.title}</h1>
        <ContentMeta className="mt-4" published={resource.published} readTime={resource.read_time} dateStyle="long" />
      </header>
      {resource.cover_image || resource.cover_fallback ? (
        <CoverImage
          src={resource.cover_image}
          fallback={resource.cover_fallback}
          title={resource.title}
          sizes={DETAIL_IMAGE_SIZES}
          isPriority
          className="mt-8 rounded-xl shadow-sm"
        />
      ) : null}
      <div className={PROSE_COLUMN}>
        <div className="mt-10">
          <MarkdownContent content={resource.content} />
        </div>
        {shareUrl ? <ShareLinks url={shareUrl} title={resource.title} /> : null}
      </div>
    </article>
  );
}
