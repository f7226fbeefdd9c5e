/**
 * What an issue's mail and web version show: its texts, and its chosen
 * posts as teasers, in the chosen order, with absolute addresses.
 */
import type { NewsletterIssueRecord } from '../../common/answers.ts';
import { isLive } from '../../common/publication.ts';
import type { NewsletterIssueValues } from '../../common/schemas/newsletter.ts';
import { findPostTeasers } from '../db/queries/posts.ts';
import type { Db } from '../db/schema.ts';
import { absoluteUrl, type IssueContent, type IssuePost } from './email.tsx';

/** Pictures mail clients show; SVG and WebP are not among them everywhere. */
const MAIL_IMAGE = /\.(jpe?g|png|gif)(\?|$)/i;

export interface LoadedIssueContent {
  content: IssueContent;
  /** Chosen posts that are not live (drafts, or scheduled for later): an issue cannot be sent with them. */
  unpublished: string[];
}

export async function loadIssueContent(
  db: Db,
  issue: Pick<NewsletterIssueRecord, keyof NewsletterIssueValues>,
  siteUrl: string,
): Promise<LoadedIssueContent> {
  const rows = await findPostTeasers(db, issue.post_ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts: IssuePost[] = [];
  const unpublished: string[] = [];
  for (const id of issue.post_ids) {
    const row = byId.get(id);
    if (!row) continue;
    if (!isLive(row)) unpublished.push(row.title);
    posts.push({
      title: row.title,
      excerpt: row.excerpt,
      url: `${siteUrl}/${row.slug}`,
      imageUrl: row.cover_image && MAIL_IMAGE.test(row.cover_image) ? absoluteUrl(row.cover_image, siteUrl) : null,
      sponsored: row.sponsored === 1,
    });
  }
  return {
    content: { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, closing: issue.closing, posts },
    unpublished,
  };
}
