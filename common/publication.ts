/**
 * Where a post or resource stands on the public site, by the rule the
 * server's queries apply: published with its time reached is live,
 * published with its time ahead is scheduled, anything else is not public.
 */

/** What decides: the status and the publication time (Unix seconds). */
export interface PublicationState {
  status: string;
  published_at: number | null;
}

const nowSeconds = () => Date.now() / 1000;

/** On the public site now. */
export const isLive = (item: PublicationState, now: number = nowSeconds()): boolean =>
  item.status === 'published' && item.published_at !== null && item.published_at <= now;

/** Published, with its time still ahead. */
export const isScheduled = (item: PublicationState, now: number = nowSeconds()): boolean =>
  item.status === 'published' && item.published_at !== null && item.published_at > now;
