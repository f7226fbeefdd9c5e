/**
 * The newsletter's pages that a mail links to: confirming a signup, and
 * leaving (from the page, or the mail client's one-click button of RFC
 * 8058), through the subscribers service in process.
 */
import type { AppLoadContext } from 'react-router';
import { DomainError } from '../../common/errors.ts';

/** The `token` of a link's address; empty when absent. */
export const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.trim().slice(0, 200) ?? '';

/** Whether a refusal is about the link (unknown or expired), which the page answers itself. */
const isBadLink = (error: unknown) =>
  error instanceof DomainError && (error.code === 'INVALID_TOKEN' || error.code === 'NOT_FOUND');

export type ConfirmState = 'ask' | 'confirmed' | 'invalid';

export async function confirmationPage(context: AppLoadContext, request: Request): Promise<ConfirmState> {
  const token = tokenOf(request);
  return token && (await context.services.subscribers.isConfirmable(token)) ? 'ask' : 'invalid';
}

export async function confirmSubscription(context: AppLoadContext, request: Request): Promise<ConfirmState> {
  try {
    await context.services.subscribers.confirm(tokenOf(request));
    return 'confirmed';
  } catch (error) {
    if (isBadLink(error)) return 'invalid';
    throw error;
  }
}

export type UnsubscribeState =
  | { state: 'ask' | 'unsubscribed' | 'resubscribed' | 'gone'; email: string }
  | { state: 'invalid' };

export async function unsubscribePage(context: AppLoadContext, request: Request): Promise<UnsubscribeState> {
  try {
    const subscriber = await context.services.subscribers.findByUnsubscribeToken(tokenOf(request));
    return { state: subscriber.status === 'active' || subscriber.status === 'pending' ? 'ask' : 'gone', email: subscriber.email };
  } catch (error) {
    if (isBadLink(error)) return { state: 'invalid' };
    throw error;
  }
}

/**
 * A POST to an unsubscribe address: the one-click form of RFC 8058
 * (`List-Unsubscribe=One-Click`, sent by mail clients), or the page's own
 * buttons (`intent`: unsubscribe or resubscribe).
 */
export async function changeSubscription(
  context: AppLoadContext,
  request: Request,
): Promise<{ oneClick: boolean; page: UnsubscribeState }> {
  const form = await request.formData();
  const token = tokenOf(request);
  const { subscribers } = context.services;
  const oneClick = form.get('List-Unsubscribe') === 'One-Click';
  try {
    if (form.get('intent') === 'resubscribe') await subscribers.resubscribe(token);
    else await subscribers.unsubscribe(token, oneClick ? 'one-click' : 'link');
    const { email } = await subscribers.findByUnsubscribeToken(token);
    return { oneClick, page: { state: form.get('intent') === 'resubscribe' ? 'resubscribed' : 'unsubscribed', email } };
  } catch (error) {
    if (isBadLink(error)) return { oneClick, page: { state: 'invalid' } };
    throw error;
  }
}
