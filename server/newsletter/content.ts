/**
 * What an issue's mail and web version show: its texts, and its chosen
 * posts as teasers, in the chosen order, with absolute addresses. Only live
 * posts are shown, whenever the issue is rendered: a post that is a draft,
 * scheduled for later, or was left out when the sending started is never
 * in a mail, a preview or the public web version.
 */
import type { NewsletterIssueRecord, NewsletterLeftOutPost } from '../../common/answers.ts';
import { isLive } from '../../common/publication.ts';
import type { NewsletterIssueValues } from '../../common/schemas/newsletter.ts';
import { findPostTeasers } from '../db/queries/posts.ts';
import type { Db } from '../db/schema.ts';
import { mailImageUrl, type IssueContent, type IssuePost } from './email.tsx';

export interface LoadedIssueContent {
  content: IssueContent;
  /** Chosen posts that are not live now (drafts, or scheduled for later): left out of `content`. */
  notLive: NewsletterLeftOutPost[];
}

export async function loadIssueContent(
  db: Db,
  issue: Pick<NewsletterIssueRecord, keyof NewsletterIssueValues> & { left_out?: readonly NewsletterLeftOutPost[] },
  siteUrl: string,
): Promise<LoadedIssueContent> {
  const leftOut = new Set((issue.left_out ?? []).map((post) => post.id));
  const rows = await findPostTeasers(db, issue.post_ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts: IssuePost[] = [];
  const notLive: NewsletterLeftOutPost[] = [];
  for (const id of issue.post_ids) {
    const row = byId.get(id);
    if (!row || leftOut.has(id)) continue;
    if (!isLive(row)) {
      notLive.push({ id, title: row.title });
      continue;
    }
    posts.push({
      title: row.title,
      excerpt: row.excerpt,
      url: `${siteUrl}/${row.slug}`,
      imageUrl: row.cover_image ? mailImageUrl(row.cover_image, siteUrl) : null,
      sponsored: row.sponsored === 1,
      campaignLine: null,
    });
  }
  return {
    content: { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, closing: issue.closing, posts },
    notLive,
  };
}
