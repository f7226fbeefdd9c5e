/**
 * What the public pages show of posts and resources: loader data, built on
 * the server by content.server.ts and sent to the browser, so it carries
 * nothing a page does not show.
 */
import type { PublishedDate } from './dates.ts';
import type { RenderedMarkdown } from './markdown.server.tsx';

export interface CategoryBadge {
  id: string;
  label: string;
}

/** A resource card (SPEC.md: cover, title, excerpt, date, read time). */
export interface ResourceCard {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  /** The item's social card, shown where a published item has no cover; null for drafts (they have no card). */
  cover_fallback?: string | null;
  read_time: number | null;
  published_at: number | null;
  /** The date as text, formatted on the server. */
  published: PublishedDate | null;
}

/** A post card: a resource card's fields, the campaign link and the categories. */
export interface PostCard extends ResourceCard {
  campaign_url: string | null;
  /** Paid for: shown with the Sponsored label, its campaign links marked as paid. */
  sponsored: boolean;
  categories: CategoryBadge[];
}

export interface PostCardPage {
  posts: PostCard[];
  next_token: string | null;
}

export interface ResourceCardPage {
  resources: ResourceCard[];
  next_token: string | null;
}

/** A whole item for its page: the card's fields, the last change and the rendered body. */
export type Detail<Card> = Card & { updated_at: number; content: RenderedMarkdown };

export type PostDetail = Detail<PostCard>;
export type ResourceDetail = Detail<ResourceCard>;
