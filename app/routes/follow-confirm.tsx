import { data, Form, Link } from 'react-router';
import { FOLLOW_PROMISE } from '../../common/follow.ts';
import { PageHeader } from '../components/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { confirmFollow, followConfirmationPage, type FollowConfirmState } from '../server/follow.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/follow-confirm';

// A link is personal: never kept by a cache, never indexed.
const answer = (page: FollowConfirmState) =>
  data(page, { status: page.state === 'invalid' ? 404 : 200, headers: { 'Cache-Control': NO_STORE } });

/**
 * The link of a confirmation mail names the campaign and what will be sent,
 * with a button: mail providers open links to scan them, and such a visit
 * must confirm nothing.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return answer(await followConfirmationPage(context, request));
}

export async function action({ context, request }: Route.ActionArgs) {
  return answer(await confirmFollow(context, request));
}

export const headers = () => ({ 'Cache-Control': NO_STORE });

export const meta = () => [{ title: pageTitle('Follow a campaign') }, { name: 'robots', content: 'noindex' }];

const linkClass = 'font-medium text-primary underline underline-offset-4';

export default function FollowConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === 'invalid') {
    return (
      <PageHeader title="This link does not work any more">
        <p>
          A confirmation link works once, for 7 days. If you already used it, you follow the campaign; if it expired, ask again
          from the campaign&apos;s review. Nothing was changed.
        </p>
        <p className="mt-4">
          <Link to="/" className={linkClass}>
            Back to the projects
          </Link>
        </p>
      </PageHeader>
    );
  }
  if (page.state === 'confirmed') {
    return (
      <PageHeader title={`You follow ${page.title}`}>
        <p>{FOLLOW_PROMISE}</p>
        <p className="mt-4">
          <Link to={`/${page.slug}`} className={linkClass}>
            Back to the campaign
          </Link>
        </p>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader title={`Follow ${page.title}`}>
        <p>{FOLLOW_PROMISE}</p>
        <p className="mt-2">Every mail has a link to stop following, at once.</p>
      </PageHeader>
      <Form method="post" replace>
        <Button type="submit" size="lg">
          Follow this campaign
        </Button>
      </Form>
    </>
  );
}
