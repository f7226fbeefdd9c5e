import { data, Form, Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { followLeavePage, leaveFollow, type FollowLeaveState } from '../server/follow.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/follow-unsubscribe';

const answer = (page: FollowLeaveState) =>
  data(page, { status: page.state === 'invalid' ? 404 : 200, headers: { 'Cache-Control': NO_STORE } });

export async function loader({ context, request }: Route.LoaderArgs) {
  return answer(await followLeavePage(context, request));
}

/**
 * The page's button, and the mail client's one-click unsubscribe (RFC
 * 8058): a POST of `List-Unsubscribe=One-Click`, with no cookie and no
 * login, answered 200 with no page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { oneClick, page } = await leaveFollow(context, request);
  if (oneClick) {
    return new Response(page.state === 'invalid' ? 'Unknown unsubscribe address\n' : 'Unsubscribed\n', {
      status: page.state === 'invalid' ? 404 : 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
    });
  }
  return answer(page);
}

export const headers = () => ({ 'Cache-Control': NO_STORE });

export const meta = () => [{ title: pageTitle('Stop following') }, { name: 'robots', content: 'noindex' }];

const which = (page: Extract<FollowLeaveState, { scope: string }>) =>
  page.scope === 'address' ? 'every campaign this address follows' : page.titles.join(', ');

export default function FollowUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // A one-click POST's plain answer is no page: the loader's, read after it, says where the follow stands.
  const page = typeof actionData === 'object' && actionData !== null ? actionData : loaderData;
  if (page.state === 'invalid') {
    return (
      <PageHeader title="Unknown unsubscribe link">
        <p>This link does not belong to any follow of a campaign. Nothing was changed.</p>
        <p className="mt-4">
          <Link to="/" className="font-medium text-primary underline underline-offset-4">
            Back to the projects
          </Link>
        </p>
      </PageHeader>
    );
  }
  if (page.state === 'left' || page.state === 'gone') {
    return (
      <PageHeader title="You no longer follow">
        <p>No more mails about {which(page)}.</p>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader title="Stop following">
        <p>No more mails about {which(page)}.</p>
      </PageHeader>
      <Form method="post" replace>
        <Button type="submit" size="lg">
          Stop following
        </Button>
      </Form>
    </>
  );
}
