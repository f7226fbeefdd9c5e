import type { PostCard as PostCardData } from '../lib/content-cards.ts';
import { cx } from '../lib/cx.ts';
import { PostCardGrid } from './post-card-grid.tsx';

/** A titled row of post cards: where to go next after a post or a missing page. Nothing when there are none. */
export function PostCardSection({
  id,
  title,
  posts,
  className,
}: {
  id: string;
  title: string;
  posts: readonly PostCardData[];
  className?: string;
}) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby={id} className={cx('mt-section', className)}>
      <h2 id={id} className="section-head section-title">
        {title}
      </h2>
      <PostCardGrid posts={posts} />
    </section>
  );
}

/** Where to go after a post: a few others, the same categories first. */
export function RelatedPosts({ posts }: { posts: readonly PostCardData[] }) {
  return <PostCardSection id="related-projects" title="More projects" posts={posts} className="mx-auto max-w-5xl" />;
}
