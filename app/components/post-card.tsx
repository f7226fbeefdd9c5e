import { Link } from 'react-router';
import type { PostCard as PostCardData } from '../lib/posts.server.ts';

// Demo covers and the editor's recommended size are 16:9; the attributes
// reserve the space before the image arrives (no layout shift).
const COVER_WIDTH = 1200;
const COVER_HEIGHT = 675;

/** A published post in a list: cover, title (the link to the post) and excerpt. */
export function PostCard({ post, isPriority = false }: { post: PostCardData; isPriority?: boolean }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {post.cover_image ? (
        <img
          src={post.cover_image}
          alt={`Cover image for ${post.title}`}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={isPriority ? 'eager' : 'lazy'}
          fetchPriority={isPriority ? 'high' : undefined}
          decoding="async"
          className="aspect-video h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="aspect-video w-full bg-slate-100" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-lg font-semibold leading-snug">
          {/* The link covers the whole card; the title is its accessible name. */}
          <Link to={`/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="text-sm text-slate-600">{post.excerpt}</p> : null}
      </div>
    </article>
  );
}
