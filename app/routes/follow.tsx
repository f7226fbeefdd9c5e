import { data, Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { followFromForm, type FollowFormAnswer } from '../server/follow.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/follow';

/** Only the fact box's form posts here; the address itself has nothing to show. */
export function loader() {
  return data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
}

/** "Follow this campaign" posted without JavaScript: its outcome as a page. */
export async function action({ context, request }: Route.ActionArgs) {
  const answer = await followFromForm(context, request);
  return data(answer, { status: answer.outcome.httpStatus ?? 200, headers: { 'Cache-Control': NO_STORE } });
}

export const headers = () => ({ 'Cache-Control': NO_STORE });

export const meta = () => [{ title: pageTitle('Follow a campaign') }, { name: 'robots', content: 'noindex' }];

export default function Follow({ actionData }: Route.ComponentProps) {
  const answer: FollowFormAnswer | undefined = actionData ?? undefined;
  if (!answer) {
    return (
      <PageHeader title="Follow a campaign">
        <p>Follow a campaign from its review: the form is beside its numbers.</p>
      </PageHeader>
    );
  }
  const back = answer.slug ? `/${answer.slug}` : '/';
  return (
    <PageHeader title={answer.outcome.title}>
      <p>{answer.outcome.description}</p>
      <p className="mt-4">
        <Link to={back} className="font-medium text-primary underline underline-offset-4">
          {answer.outcome.status === 'error' ? 'Back to the campaign, to try again' : 'Back to the campaign'}
        </Link>
      </p>
    </PageHeader>
  );
}
