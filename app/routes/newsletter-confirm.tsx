import { data, Form, Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { confirmationPage, confirmSubscription, type ConfirmState } from '../server/newsletter.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/newsletter-confirm';

// A link is personal: never kept by a cache, never indexed.
const answer = (state: ConfirmState) =>
  data({ state }, { status: state === 'invalid' ? 404 : 200, headers: { 'Cache-Control': NO_STORE } });

/**
 * The link of a confirmation mail only shows a button: mail providers open
 * links to scan them, and such a visit must confirm nothing.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return answer(await confirmationPage(context, request));
}

export async function action({ context, request }: Route.ActionArgs) {
  return answer(await confirmSubscription(context, request));
}

export const headers = () => ({ 'Cache-Control': NO_STORE });

export const meta = () => [{ title: pageTitle('Confirm your subscription') }, { name: 'robots', content: 'noindex' }];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === 'confirmed') {
    return (
      <PageHeader title="You're subscribed">
        <p>Thank you for confirming. The next issue of the newsletter will reach you at this address.</p>
        <p className="mt-4">
          <Link to="/" className="font-medium text-primary underline underline-offset-4">
            Back to the projects
          </Link>
        </p>
      </PageHeader>
    );
  }
  if (state === 'invalid') {
    return (
      <PageHeader title="This link has expired">
        <p>Confirmation links work for 7 days and only for an address still waiting for one.</p>
        <p className="mt-4">
          <Link to="/#newsletter" className="font-medium text-primary underline underline-offset-4">
            Subscribe again
          </Link>
        </p>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader title="Confirm your subscription">
        <p>One click, and the newsletter comes to the address you signed up with.</p>
      </PageHeader>
      <Form method="post" replace>
        <Button type="submit" size="lg">
          Confirm subscription
        </Button>
      </Form>
    </>
  );
}
