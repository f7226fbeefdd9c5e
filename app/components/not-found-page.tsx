import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PostCard as PostCardData } from '../lib/content-cards.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/search.ts';
import { PostCardSection } from './related-posts.tsx';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

/** What a 404 answer carries besides its status: a way on from a dead link. */
export interface NotFoundData {
  recentPosts: PostCardData[];
}

/** The recent posts a 404 answer carries, if any (an error's data is anyone's). */
export function recentPostsOf(data: unknown): PostCardData[] {
  if (typeof data !== 'object' || data === null || !('recentPosts' in data)) return [];
  const { recentPosts } = data;
  return Array.isArray(recentPosts) ? (recentPosts as PostCardData[]) : [];
}

/** SPEC.md's page for any unknown path, with a search and the newest posts to go on from. */
export function NotFoundPage({ recentPosts = [] }: { recentPosts?: readonly PostCardData[] }) {
  return (
    <div className="py-16">
      <div className="flex flex-col items-center gap-6 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="page-title">Oops! Page not found</h1>
        <WayOn>
          <Link to="/">Return to Home</Link>
        </WayOn>
      </div>
      <RecentPosts posts={recentPosts} />
    </div>
  );
}

/** A search of the site and the way home, for a visitor whose link led nowhere. */
function WayOn({ children }: { children: ReactNode }) {
  return (
    <>
      <p className="max-w-md text-muted-foreground">
        The link may be old or mistyped. Search the site, or pick one of the latest projects.
      </p>
      <form method="get" action="/search" role="search" aria-label="Search the site" className="flex w-full max-w-md gap-2">
        <label htmlFor="not-found-q" className="sr-only">
          Search posts and resources
        </label>
        <input
          id="not-found-q"
          type="search"
          name="q"
          required
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Search projects and guides"
          className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        />
        <Button type="submit" size="lg" variant="outline" className="h-11">
          <Icon name="search" />
          Search
        </Button>
      </form>
      <Button asChild size="lg">
        {children}
      </Button>
    </>
  );
}

function RecentPosts({ posts }: { posts: readonly PostCardData[] }) {
  return <PostCardSection id="not-found-recent" title="Recent projects" posts={posts} />;
}

/** SPEC.md's detail page when no post or resource has the slug. */
export function ContentNotFound({ recentPosts = [] }: { recentPosts?: readonly PostCardData[] }) {
  return (
    <div className="py-16">
      <div className="flex flex-col items-center gap-6 text-center">
        <h1 className="page-title">Content Not Found</h1>
        <p className="max-w-md text-muted-foreground">The content you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <WayOn>
          <Link to="/">Back to Home</Link>
        </WayOn>
      </div>
      <RecentPosts posts={recentPosts} />
    </div>
  );
}
