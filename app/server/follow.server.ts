/**
 * The pages of following a campaign (decision 097), through the follows
 * service in process: the fact box's form posted without JavaScript, the
 * confirmation link of its mail, the unsubscribe links of the alerts (from
 * the page, or the mail client's one-click button of RFC 8058), and the
 * campaign's last 48 hours as a calendar event.
 */
import type { AppLoadContext } from 'react-router';
import { DomainError } from '../../common/errors.ts';
import { formFailure } from './form-answer.server.ts';
import { failedOutcome, formValues, type FormOutcome } from '../lib/form-outcome.ts';
import { tokenOf } from './newsletter.server.ts';
import { readPostedForm } from './posted-form.server.ts';
import { NOT_UTF8 } from './public-forms.server.ts';

export const FOLLOW_PENDING: FormOutcome = {
  status: 'success',
  title: 'Check your inbox',
  description: 'We sent you a link to confirm that you want to follow this campaign.',
};

export const FOLLOW_STARTED: FormOutcome = {
  status: 'success',
  title: 'You follow this campaign',
  description: 'We will e-mail you when it launches, 48 hours before it ends, when it reaches its goal and when it ends.',
};

/** What a follow form's post came to, and the post it was sent from. */
export interface FollowFormAnswer {
  outcome: FormOutcome;
  slug: string;
}

/** The fact box's form, posted without JavaScript: the same service as `POST /api/posts/{slug}/follow`. */
export async function followFromForm(context: AppLoadContext, request: Request): Promise<FollowFormAnswer> {
  const form = await readPostedForm(request);
  if (!form) return { outcome: NOT_UTF8, slug: '' };
  const { slug = '', ...values } = formValues(form, ['slug', 'email']);
  try {
    const { status } = await context.services.follows.follow(slug, values, { clientIp: context.clientIp });
    return { outcome: status === 'pending' ? FOLLOW_PENDING : FOLLOW_STARTED, slug };
  } catch (error) {
    const outcome = formFailure(context, error, {
      logMessage: 'follow form: the follow could not be stored',
      refusal: (refusal) => (refusal.code === 'NOT_FOUND' ? failedOutcome('This post does not exist.', 404) : undefined),
      failed: (message, httpStatus) => failedOutcome(message || 'Failed to follow this campaign', httpStatus),
    });
    return { outcome: { ...outcome, values }, slug };
  }
}

/** Whether a refusal is about the link (unknown, expired or used), which the page answers itself. */
const isBadLink = (error: unknown) => error instanceof DomainError && (error.code === 'INVALID_TOKEN' || error.code === 'NOT_FOUND');

export type FollowConfirmState =
  | { state: 'ask' | 'confirmed'; title: string; slug: string }
  | { state: 'invalid' };

/** The link of a confirmation mail: the campaign it names, while it works. Opening it changes nothing. */
export async function followConfirmationPage(context: AppLoadContext, request: Request): Promise<FollowConfirmState> {
  const token = tokenOf(request);
  const campaign = token ? await context.services.follows.confirmable(token) : undefined;
  return campaign ? { state: 'ask', ...campaign } : { state: 'invalid' };
}

export async function confirmFollow(context: AppLoadContext, request: Request): Promise<FollowConfirmState> {
  try {
    return { state: 'confirmed', ...(await context.services.follows.confirm(tokenOf(request))) };
  } catch (error) {
    if (isBadLink(error)) return { state: 'invalid' };
    throw error;
  }
}

export type FollowLeaveState =
  | { state: 'ask' | 'left' | 'gone'; scope: 'these' | 'address'; titles: string[] }
  | { state: 'invalid' };

export async function followLeavePage(context: AppLoadContext, request: Request): Promise<FollowLeaveState> {
  try {
    const page = await context.services.follows.leavePage(tokenOf(request));
    return { state: page.following ? 'ask' : 'gone', scope: page.scope, titles: page.campaigns.map((campaign) => campaign.title) };
  } catch (error) {
    if (isBadLink(error)) return { state: 'invalid' };
    throw error;
  }
}

/** A POST to an unsubscribe address: the one-click form of RFC 8058, or the page's button. */
export async function leaveFollow(context: AppLoadContext, request: Request): Promise<{ oneClick: boolean; page: FollowLeaveState }> {
  const form = await request.formData();
  const oneClick = form.get('List-Unsubscribe') === 'One-Click';
  try {
    const left = await context.services.follows.leave(tokenOf(request), oneClick ? 'one-click' : 'link');
    return { oneClick, page: { state: 'left', scope: left.scope, titles: left.campaigns.map((campaign) => campaign.title) } };
  } catch (error) {
    if (isBadLink(error)) return { oneClick, page: { state: 'invalid' } };
    throw error;
  }
}

/** The calendar file of a post's campaign, or null when it has no end to put in a calendar. */
export function campaignCalendar(context: AppLoadContext, slug: string): Promise<string | null> {
  return context.services.follows.calendar(slug);
}
