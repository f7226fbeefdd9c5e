import type {
  PostCard as PostCardData,
  PostCardPage,
} from "../lib/content-cards.ts";
import { usePagedList } from "./load-more.tsx";
import { PostCard } from "./post-card.tsx";

/**
 * Post cards in the site's grid: one column on a phone, three on a wide
 * screen. Every list of posts draws its cards through this, so they line
 * up the same way on every page.
 */
export function PostCardGrid({
  posts,
  isFirstPriority = false,
  pageCategoryId,
}: {
  posts: readonly PostCardData[];
  /** The first card's cover is the page's largest image: load it first. */
  isFirstPriority?: boolean;
  /** The category whose page lists the cards: its badge is left out. */
  pageCategoryId?: string;
}) {
  return (
    <ul className="grid gap-gutter sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug}>
          <PostCard
            post={post}
            isPriority={isFirstPriority && index === 0}
            pageCategoryId={pageCategoryId}
          />
        </li>
      ))}
    </ul>
  );
}

/** "Load More" over a page of post cards from a route's loader (see `usePagedList`). */
export function usePagedPostCards(
  firstPage: PostCardPage,
  dataUrl: (token: string) => string,
) {
  return usePagedList<PostCardData, PostCardPage>({
    firstPage: { items: firstPage.posts, nextToken: firstPage.next_token },
    dataUrl,
    select: (page) => ({ items: page.posts, nextToken: page.next_token }),
  });
}
