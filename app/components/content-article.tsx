/**
 * A post's or a resource's article, as its page shows it: the public page
 * and the preview of a draft render the same markup.
 */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { PostDetail, ResourceDetail } from '../lib/content-cards.ts';
import { CampaignCta } from './campaign-cta.tsx';
import { CategoryBadges } from './category-badges.tsx';
import { ContentMeta } from './content-meta.tsx';
import { CoverImage } from './cover-image.tsx';
import { MarkdownContent } from './markdown-content.tsx';
import { ShareLinks } from './share-links.tsx';
import { SponsoredLabel } from './sponsored-label.tsx';
import { Button } from './ui/button.tsx';

const DETAIL_IMAGE_SIZES = '(min-width: 832px) 768px, 100vw';

function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="mb-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** `shareUrl`: the page's canonical address, for its share links; none on a preview. */
export function PostArticle({ post, shareUrl }: { post: PostDetail; shareUrl?: string | undefined }) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/">Back to Projects</BackLink>
      <CoverImage
        src={post.cover_image}
        title={post.title}
        sizes={DETAIL_IMAGE_SIZES}
        isPriority
        className="rounded-xl shadow-sm"
      />
      <header className="mt-8">
        <div className="flex flex-wrap items-center gap-2">
          {post.sponsored ? <SponsoredLabel /> : null}
          <CategoryBadges categories={post.categories} />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <ContentMeta className="mt-4" published={post.published} readTime={post.read_time} dateStyle="long" />
        {post.excerpt ? <p className="mt-6 text-lg italic text-muted-foreground">{post.excerpt}</p> : null}
      </header>
      {post.campaign_url ? (
        <div className="mt-8">
          <CampaignCta
            campaignUrl={post.campaign_url}
            sponsored={post.sponsored}
            title={post.title}
            text="Like what you see? Check out the campaign and back it directly."
            buttonLabel="Back This Project"
          />
        </div>
      ) : null}
      <div className="mt-10">
        <MarkdownContent content={post.content} />
      </div>
      {shareUrl ? <ShareLinks url={shareUrl} title={post.title} /> : null}
      {post.campaign_url ? (
        <div className="mt-12">
          <CampaignCta
            campaignUrl={post.campaign_url}
            sponsored={post.sponsored}
            title={post.title}
            text="Ready to support this project? Every pledge brings it closer to launch."
            buttonLabel="Visit Campaign"
          />
        </div>
      ) : null}
      <section aria-labelledby="enjoyed-title" className="mt-16 rounded-2xl bg-secondary px-6 py-10 text-center">
        <h2 id="enjoyed-title" className="text-2xl font-bold tracking-tight">
          Enjoyed this post?
        </h2>
        <p className="mt-2 text-muted-foreground">Discover more crowdfunding projects worth backing.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/" prefetch="intent">
            Explore More Projects
          </Link>
        </Button>
      </section>
    </article>
  );
}

export function ResourceArticle({ resource, shareUrl }: { resource: ResourceDetail; shareUrl?: string | undefined }) {
  return (
    <article className="mx-auto max-w-3xl">
      <BackLink to="/resources">Back to Resources</BackLink>
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{resource.title}</h1>
        <ContentMeta
          className="mt-4"
          published={resource.published}
          readTime={resource.read_time}
          dateStyle="long"
        />
      </header>
      {resource.cover_image ? (
        <CoverImage
          src={resource.cover_image}
          title={resource.title}
          sizes={DETAIL_IMAGE_SIZES}
          isPriority
          className="mt-8 rounded-xl shadow-sm"
        />
      ) : null}
      <div className="mt-10">
        <MarkdownContent content={resource.content} />
      </div>
      {shareUrl ? <ShareLinks url={shareUrl} title={resource.title} /> : null}
    </article>
  );
}
