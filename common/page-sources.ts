/**
 * The names of what a kept public page shows, its *sources* (decisions 070
 * and 074): a page names them as it is built, a content write names those
 * it touched, and a write touching none of a page's sources leaves its kept
 * copy alone. The same strings go into the change feed and the rendered-page
 * store, so they are named here once.
 */
export const pageSource = {
  post: (id: number | string) => `post:${id}`,
  resource: (id: number | string) => `resource:${id}`,
  /** An author's profile (the member of staff's account id): their page, and every page showing their byline. */
  author: (id: number | string) => `author:${id}`,
  /** Any author's profile: touched by every profile save, named by the pages listing authors (the sitemap). */
  authorLists: 'authors',
  /** A category's posts: its page, and the related blocks drawn from it. */
  category: (id: number | string) => `category:${id}`,
  /** Any post: touched by every post write, named by the pages listing the newest posts (home, feeds, search). */
  postLists: 'latest-posts',
  /**
   * Which posts are live and in what order: touched by a post's creation
   * and by an edit of its state or publication time, not by other edits.
   * Named by a list that also names each post it shows (a post page's
   * related block drawn from the newest posts), so an edit of a post it
   * does not show leaves it alone.
   */
  postOrder: 'post-order',
  /** Any post with a campaign, before or after a write: named by the lists of live campaigns (`/ending-soon`). */
  campaignLists: 'campaign-lists',
  /** Any resource: touched by every resource write, named by every page listing resources. */
  resourceLists: 'latest-resources',
} as const;
