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
  /** A category's posts: its page, and the related blocks drawn from it. */
  category: (id: number | string) => `category:${id}`,
  /** Any post: touched by every post write, named by every page listing posts. */
  postLists: 'latest-posts',
  /** Any resource: touched by every resource write, named by every page listing resources. */
  resourceLists: 'latest-resources',
} as const;
