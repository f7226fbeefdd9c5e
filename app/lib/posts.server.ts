/**
 * Post reads for page loaders. Server-only (the `.server` suffix keeps it and
 * the database drivers out of the browser bundle); it calls the same query
 * module as the API, in process.
 */
import type { AppLoadContext } from 'react-router';
import { listPublishedPosts } from '../../server/db/queries/posts.ts';

/** What a post card shows, and nothing more: loader data is sent to the browser too. */
export interface PostCard {
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
}

export interface PostCardPage {
  posts: PostCard[];
  next_token: string | null;
}

/** The newest published posts as cards (first page). */
export async function listPublishedPostCards(context: AppLoadContext, pageSize: number): Promise<PostCardPage> {
  const page = await listPublishedPosts(context.deps.db, { pageSize, cursor: null });
  return {
    posts: page.posts.map(({ slug, title, excerpt, cover_image }) => ({ slug, title, excerpt, cover_image })),
    next_token: page.next_token,
  };
}
