/**
 * What the public pages show of posts and resources: loader data, built on
 * the server by content.server.ts and sent to the browser, so it carries
 * nothing a page does not show.
 */
import type { PostAuthorJson } from '../../common/answers.ts';
import type { ReviewJson, Verdict } from '../../common/review.ts';
import type { RenderedMarkdown } from '../../common/markdown-dialect.ts';
import type { CampaignBoxView, CampaignCardView } from './campaign-view.ts';
import type { PublishedDate } from './dates.ts';

export interface CategoryBadge {
  id: string;
  label: string;
}

/** What stands in for a missing cover (cover-image.tsx). */
export interface CoverFallback {
  categoryId: string | null;
}

/** A resource card (SPEC.md: cover, title, excerpt, date, read time). */
export interface ResourceCard {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  /** Without a cover: the text-free picture shown in its place, in the colours of this category (none: neutral ones). */
  cover_fallback?: CoverFallback | null;
  read_time: number | null;
  published_at: number | null;
  /** The date as text, formatted on the server. */
  published: PublishedDate | null;
}

/** A post card: a resource card's fields, the campaign link and the categories. */
export interface PostCard extends ResourceCard {
  campaign_url: string | null;
  /** Its campaign's badges, percentage and time line, worded on the server; null without one. */
  campaign: CampaignCardView | null;
  /** Paid for: shown with the Sponsored label, its campaign links marked as paid. */
  sponsored: boolean;
  /** The site's verdict, shown as a label; null without a review (always for a sponsored post). */
  verdict: Verdict | null;
  categories: CategoryBadge[];
}

/**
 * Whether a post's campaign ends within 48 hours, by its "Ending soon"
 * badge (common/campaign.ts): the home page's band and the first group of
 * `/ending-soon` hold these, and only these.
 */
export function isEndingSoon(post: PostCard): boolean {
  return post.campaign?.badges.includes('ending_soon') ?? false;
}

/** The home page's band: campaigns ending within 48 hours, and those filling it up when they are few. */
export interface EndingSoonBand {
  /** Up to the band's size, the one ending first at the top. */
  soon: PostCard[];
  /** When fewer than the band's least end soon: the live campaigns ending next, up to that least. */
  next: PostCard[];
}

export interface PostCardPage {
  posts: PostCard[];
  next_token: string | null;
}

export interface ResourceCardPage {
  resources: ResourceCard[];
  next_token: string | null;
}

/** A whole item for its page: the card's fields, the last change, the rendered body and its social card's address (null for a draft). */
export type Detail<Card> = Card & { updated_at: number; content: RenderedMarkdown; social_card: string | null };

/**
 * A post for its page: the fact box's view of its campaign in place of the
 * card's, its byline (the member of staff who created it, null: none) and
 * its review.
 */
export type PostDetail = Detail<Omit<PostCard, 'campaign'>> & {
  campaign: CampaignBoxView | null;
  author: PostAuthorJson | null;
  /** "Our take", after the fact box; null without one (always for a sponsored post). */
  review: ReviewJson | null;
};
export type ResourceDetail = Detail<ResourceCard>;
