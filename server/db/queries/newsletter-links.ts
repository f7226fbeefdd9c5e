/**
 * The links of sent newsletter issues (`newsletter_links`): each issue's
 * addresses numbered in the order the mail first shows them, behind
 * `/n/{issue}/{link}`. Kept when the issue is deleted, so the mails already
 * in inboxes keep working.
 */
import type { Db } from '../schema.ts';

export interface NewsletterLink {
  link_no: number;
  url: string;
  post_id: number | null;
}

/** An issue's links, by number. */
export function listIssueLinks(db: Db, issueId: number): Promise<NewsletterLink[]> {
  return db
    .selectFrom('newsletter_links')
    .select(['link_no', 'url', 'post_id'])
    .where('issue_id', '=', issueId)
    .orderBy('link_no', 'asc')
    .execute();
}

export async function findIssueLink(db: Db, issueId: number, linkNo: number): Promise<NewsletterLink | undefined> {
  return db
    .selectFrom('newsletter_links')
    .select(['link_no', 'url', 'post_id'])
    .where('issue_id', '=', issueId)
    .where('link_no', '=', linkNo)
    .executeTakeFirst();
}

/**
 * Stores a link under `linkNo` unless that number is taken (another server
 * sending the same issue may have stored it first); the caller reads the
 * links again to learn which address won.
 */
export async function insertIssueLink(db: Db, issueId: number, link: NewsletterLink): Promise<void> {
  await db
    .insertInto('newsletter_links')
    .values({ issue_id: issueId, ...link })
    .onConflict((oc) => oc.columns(['issue_id', 'link_no']).doNothing())
    .execute();
}

/** The live-or-not post whose page is at `slug`, by its id; undefined when none. */
export async function findPostIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}

/** The post whose campaign is at `url` exactly; undefined when none. */
export async function findPostIdByCampaignUrl(db: Db, url: string): Promise<number | undefined> {
  const row = await db.selectFrom('posts').select('id').where('campaign_url', '=', url).orderBy('id', 'asc').limit(1).executeTakeFirst();
  return row?.id;
}
