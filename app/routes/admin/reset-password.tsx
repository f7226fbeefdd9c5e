import { Form, Link, useActionData, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LinkRefused, SignInCard, SignInLoading } from '../../components/admin/sign-in-card.tsx';
import { NewPasswordFields, newPasswordProblem } from '../../components/admin/new-password-fields.tsx';
import { api, ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { RESET_LINK_INVALID } from '../../../common/schemas/auth.ts';
import type { Route } from './+types/reset-password';

export const meta = adminPageMeta('Choose a new password');


type LinkState = { state: 'ready'; token: string; email: string } | { state: 'invalid'; message: string };

/** A link the server refuses (used, expired, unknown) is a page of its own, not an error. */
const isRefusedLink = (error: unknown) => error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';

// The link is checked before the form is shown, so nobody types a password
// for a link that no longer works.
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { state: 'invalid', message: RESET_LINK_INVALID };
  try {
    const { email } = await api.get<{ email: string }>(`/auth/reset-password/${encodeURIComponent(token)}`);
    return { state: 'ready', token, email };
  } catch (error) {
    if (isRefusedLink(error)) return { state: 'invalid', message: errorMessage(error) };
    throw error;
  }
}
clientLoader.hydrate = true as const;

// Checking the link again after it was spent would replace the "done" page
// with "this link does not work".
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

type ActionResult =
  | { done: true }
  | { linkRefused: string }
  | { fieldErrors: { password?: string; confirm?: string } }
  | { error: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = newPasswordProblem(form);
  if (problem) return { fieldErrors: problem };
  try {
    await api.post('/auth/reset-password', { token, password });
  } catch (error) {
    if (isRefusedLink(error)) return { linkRefused: errorMessage(error) };
    // The policy's own message (a common password, say) belongs to the field.
    if (error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED')
      return { fieldErrors: { password: error.message } };
    return { error: errorMessage(error) };
  }
  // Said once, in place: the page that follows says it (no toast on top).
  return { done: true };
}

export const HydrateFallback = SignInLoading;

function ResetLinkRefused({ message }: { message: string }) {
  return (
    <LinkRefused title="This link does not work" message={message}>
      <Button asChild>
        <Link to="/admin/forgot-password">Ask for a new link</Link>
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </LinkRefused>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const isSaving = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  if (result && 'done' in result) {
    return (
      <SignInCard title="Password changed">
        <Alert variant="success">
          <AlertDescription>
            Your password has been changed and every session of your account has been signed out. Sign in with your new
            password.
          </AlertDescription>
        </Alert>
        <Button asChild>
          <Link to="/auth">Sign in</Link>
        </Button>
      </SignInCard>
    );
  }

  if (loaderData.state === 'invalid') return <ResetLinkRefused message={loaderData.message} />;
  if (result && 'linkRefused' in result) return <ResetLinkRefused message={result.linkRefused} />;

  const fieldErrors = result && 'fieldErrors' in result ? result.fieldErrors : {};
  return (
    <SignInCard title="Choose a new password" description={`For ${loaderData.email}`}>
      <Form method="post" className="grid gap-4">
        {result && 'error' in result ? (
          <Alert variant="destructive">
            <AlertDescription>{result.error}</AlertDescription>
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <NewPasswordFields errors={fieldErrors} label="New password" confirmLabel="Repeat the new password" />
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Set new password'}
        </Button>
      </Form>
    </SignInCard>
  );
}
