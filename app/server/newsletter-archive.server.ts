/**
 * The newsletter's public archive: the sent issues at /newsletter, and the
 * web version of each at /newsletter/{slug} (the "view in browser" link of
 * its mail), through the newsletters service in process.
 */
import type { AppLoadContext } from 'react-router';
import { renderMarkdown, type RenderedMarkdown } from './markdown.server.tsx';

export interface ArchivedIssue {
  slug: string;
  subject: string;
  preheader: string;
  sent_at: number;
}

export interface IssueWebVersion extends ArchivedIssue {
  intro: RenderedMarkdown;
  closing: RenderedMarkdown;
  posts: {
    title: string;
    excerpt: string | null;
    path: string;
    image: string | null;
    sponsored: boolean;
    /** The post's campaign in one line, as of now; null without one. */
    campaignLine: string | null;
  }[];
}

const summary = (issue: { slug: string; subject: string; preheader: string; sent_at: number | null }): ArchivedIssue => ({
  slug: issue.slug,
  subject: issue.subject,
  preheader: issue.preheader,
  sent_at: issue.sent_at ?? 0,
});

export async function listArchivedIssues(context: AppLoadContext): Promise<ArchivedIssue[]> {
  return (await context.services.newsletters.listSent()).map(summary);
}

/** A sent issue's web version, or null for any other slug. */
export async function findIssueWebVersion(context: AppLoadContext, slug: string): Promise<IssueWebVersion | null> {
  const found = await context.services.newsletters.findSent(slug);
  if (!found) return null;
  // A fact line's countdown reads differently at a known second: the page expires then (decision 062).
  const { nextChange } = found;
  if (nextChange !== null && (context.pageChanges.at === null || nextChange < context.pageChanges.at)) context.pageChanges.at = nextChange;
  const logFailure = (error: unknown) => context.logger.warn({ err: error, issue: found.issue.id }, 'newsletter markdown could not be rendered');
  return {
    ...summary(found.issue),
    intro: await renderMarkdown(context, found.issue.intro, logFailure),
    closing: await renderMarkdown(context, found.issue.closing, logFailure),
    // Links on the page stay on the site: paths, not the mail's absolute addresses.
    posts: found.content.posts.map((post) => ({
      title: post.title,
      excerpt: post.excerpt,
      path: new URL(post.url).pathname,
      image: post.imageUrl,
      sponsored: post.sponsored,
      campaignLine: post.campaignLine,
    })),
  };
}
