import { data, Form, Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { changeSubscription, unsubscribePage, type UnsubscribeState } from '../server/newsletter.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/newsletter-unsubscribe';

const answer = (page: UnsubscribeState) =>
  data(page, { status: page.state === 'invalid' ? 404 : 200, headers: { 'Cache-Control': NO_STORE } });

export async function loader({ context, request }: Route.LoaderArgs) {
  return answer(await unsubscribePage(context, request));
}

/**
 * The page's buttons, and the mail client's one-click unsubscribe (RFC
 * 8058): a POST of `List-Unsubscribe=One-Click`, with no cookie and no
 * login, answered 200 with no page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { oneClick, page } = await changeSubscription(context, request);
  if (oneClick) {
    return new Response(page.state === 'invalid' ? 'Unknown unsubscribe address\n' : 'Unsubscribed\n', {
      status: page.state === 'invalid' ? 404 : 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
    });
  }
  return answer(page);
}

export const headers = () => ({ 'Cache-Control': NO_STORE });

export const meta = () => [{ title: pageTitle('Newsletter subscription') }, { name: 'robots', content: 'noindex' }];

function IntentButton({ intent, children, variant }: { intent: string; children: string; variant?: 'outline' }) {
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="lg" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === 'invalid') {
    return (
      <PageHeader title="Unknown unsubscribe link">
        <p>This link does not belong to any address on the list.</p>
        <p className="mt-4">
          <Link to="/" className="font-medium text-primary underline underline-offset-4">
            Back to the projects
          </Link>
        </p>
      </PageHeader>
    );
  }
  if (page.state === 'unsubscribed' || page.state === 'gone') {
    return (
      <>
        <PageHeader title="You're unsubscribed">
          <p>{page.email} will not receive the newsletter any more. Changed your mind?</p>
        </PageHeader>
        <IntentButton intent="resubscribe" variant="outline">
          Subscribe again
        </IntentButton>
      </>
    );
  }
  if (page.state === 'resubscribed') {
    return (
      <PageHeader title="Welcome back">
        <p>{page.email} is on the list again.</p>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader title="Unsubscribe from the newsletter">
        <p>{page.email} will receive no more issues.</p>
      </PageHeader>
      <IntentButton intent="unsubscribe">Unsubscribe</IntentButton>
    </>
  );
}
