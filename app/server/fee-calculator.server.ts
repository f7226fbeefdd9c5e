/**
 * The campaign a calculator was opened for from a post's fact box, read
 * through the posts service in process. Server-only.
 */
import type { AppLoadContext } from 'react-router';
import type { PostJson } from '../../common/answers.ts';
import { CALCULATOR_FIELDS } from '../../common/fee-calculators.ts';
import { pageSource } from '../../common/page-sources.ts';
import { notePageSources } from './content.server.ts';
import { calculatorCampaignLine, type CalculatorCampaignLine, type FeeCalculatorDefinition } from '../lib/fee-calculator.ts';

// Longer than any slug the editor allows; anything longer is not a post's.
const MAX_SLUG_LENGTH = 200;

/** The line naming the campaign in the calculator's address (`?campaign={slug}`), when it is a published post's and the figures are its own. */
export async function loadCalculatorCampaign(
  context: AppLoadContext,
  request: Request,
  calculator: FeeCalculatorDefinition,
): Promise<CalculatorCampaignLine | null> {
  const params = new URL(request.url).searchParams;
  const slug = params.get(CALCULATOR_FIELDS.campaign)?.trim() ?? '';
  // A calculator shows no content, unless it names a campaign: then a write to that post (or, for a
  // slug no post has yet, to any post) must drop its kept copy (decision 070).
  if (slug === '' || slug.length > MAX_SLUG_LENGTH) {
    notePageSources(context, []);
    return null;
  }
  const post = (await context.services.posts.findPublished(slug)) as PostJson | undefined;
  notePageSources(context, post ? [pageSource.post(post.id)] : [pageSource.postLists]);
  if (!post?.campaign) return null;
  const { time_zone: timeZone } = await context.services.siteProfile.current();
  return calculatorCampaignLine(calculator, { slug: post.slug, title: post.title, campaign: post.campaign }, params, timeZone);
}
