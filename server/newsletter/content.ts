/**
 * What an issue's mail and web version show: its texts, and its chosen
 * posts as teasers, in the chosen order, with absolute addresses. Only live
 * posts are shown, whenever the issue is rendered: a post that is a draft,
 * scheduled for later, or was left out when the sending started is never
 * in a mail, a preview or the public web version. A post with a campaign
 * shows its fact line as the facts and the clock have it at the rendering
 * (decision 064).
 */
import type { NewsletterIssueRecord, NewsletterLeftOutPost } from '../../common/answers.ts';
import { isLive } from '../../common/publication.ts';
import type { NewsletterIssueValues } from '../../common/schemas/newsletter.ts';
import { fundingLine, nextCampaignChange, timeLine, type CampaignFacts } from '../../common/campaign.ts';
import { factsOf, findCampaigns, type CampaignRow } from '../db/queries/campaigns.ts';
import { findPostTeasers } from '../db/queries/posts.ts';
import type { Db } from '../db/schema.ts';
import { mailImageUrl, type IssueContent, type IssuePost } from './email.tsx';

export interface LoadedIssueContent {
  content: IssueContent;
  /** Chosen posts that are not live now (drafts, or scheduled for later): left out of `content`. */
  notLive: NewsletterLeftOutPost[];
  /** The first second at which a post's fact line reads differently by the clock alone; null when none will. */
  nextChange: number | null;
}

/** When and on whose clocks the fact lines are read; without it, none is. */
export interface CampaignClock {
  now: number;
  /** The site's time zone, for "Ended 2 Nov". */
  timeZone: string;
}

/** "$48,210 pledged of $20,000 · 241 % · 12 days left": what a campaign's facts say at `now`; null when nothing is known. */
export function campaignFactLine(facts: Omit<CampaignFacts, 'url'>, clock: CampaignClock): string | null {
  const parts = [fundingLine(facts), timeLine(facts, clock.now, clock.timeZone)].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

export async function loadIssueContent(
  db: Db,
  issue: Pick<NewsletterIssueRecord, keyof NewsletterIssueValues> & { left_out?: readonly NewsletterLeftOutPost[] },
  siteUrl: string,
  clock?: CampaignClock,
): Promise<LoadedIssueContent> {
  const leftOut = new Set((issue.left_out ?? []).map((post) => post.id));
  const [rows, campaigns] = await Promise.all([
    findPostTeasers(db, issue.post_ids),
    clock ? findCampaigns(db, issue.post_ids) : Promise.resolve(new Map<number, CampaignRow>()),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts: IssuePost[] = [];
  const notLive: NewsletterLeftOutPost[] = [];
  let nextChange: number | null = null;
  for (const id of issue.post_ids) {
    const row = byId.get(id);
    if (!row || leftOut.has(id)) continue;
    if (!isLive(row)) {
      notLive.push({ id, title: row.title });
      continue;
    }
    const campaign = campaigns.get(id);
    let campaignLine: string | null = null;
    if (campaign && clock) {
      const facts = factsOf(campaign);
      campaignLine = campaignFactLine(facts, clock);
      const change = nextCampaignChange(facts, clock.now);
      if (change !== null && (nextChange === null || change < nextChange)) nextChange = change;
    }
    posts.push({
      title: row.title,
      excerpt: row.excerpt,
      url: `${siteUrl}/${row.slug}`,
      imageUrl: row.cover_image ? mailImageUrl(row.cover_image, siteUrl) : null,
      sponsored: row.sponsored === 1,
      campaignLine,
    });
  }
  return {
    content: { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, closing: issue.closing, posts },
    notLive,
    nextChange,
  };
}
