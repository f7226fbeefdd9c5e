import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { adminPageMeta, useBackOfficeSiteName } from '../../components/admin/admin-meta.ts';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LinkRefused, SignInCard, SignInLoading } from '../../components/admin/sign-in-card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { NewPasswordFields, newPasswordProblem } from '../../components/admin/new-password-fields.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notifySuccess } from '../../lib/admin-toasts.ts';
import { api, ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import type { InvitationLinkJson } from '../../../common/answers.ts';
import { INVITATION_INVALID, NAME_MAX_LENGTH } from '../../../common/schemas/staff.ts';
import { STAFF_ROLE_LABELS } from '../../../common/staff-roles.ts';
import type { Route } from './+types/accept-invite';

export const meta = adminPageMeta('Accept your invitation');


type LinkState =
  { state: 'ready'; token: string; invitation: InvitationLinkJson } | { state: 'invalid'; message: string };

/** A link the server refuses (used, revoked, expired, unknown) is a page of its own, not an error. */
const isRefusedLink = (error: unknown) => error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';

// The link is checked before the form is shown, so nobody fills it in for a
// link that no longer works.
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { state: 'invalid', message: INVITATION_INVALID };
  try {
    const invitation = await api.get<InvitationLinkJson>(`/auth/invitations/${encodeURIComponent(token)}`);
    return { state: 'ready', token, invitation };
  } catch (error) {
    if (isRefusedLink(error)) return { state: 'invalid', message: errorMessage(error) };
    throw error;
  }
}
clientLoader.hydrate = true as const;

type ActionResult =
  { linkRefused: string } | { fieldErrors: { name?: string; password?: string; confirm?: string } } | { error: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const name = String(form.get('name') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!name) return { fieldErrors: { name: 'Name is required' } };
  const problem = newPasswordProblem(form);
  if (problem) return { fieldErrors: problem };
  let email: string;
  try {
    ({ email } = await api.post<{ email: string }>('/auth/accept-invite', { token, name, password }));
  } catch (error) {
    if (isRefusedLink(error)) return { linkRefused: errorMessage(error) };
    // The policy's own message (a common password, say) belongs to the field.
    if (error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED')
      return { fieldErrors: { password: error.message } };
    return { error: errorMessage(error) };
  }
  try {
    await api.login(email, password);
  } catch {
    // The account exists; signing in by hand still works (a second factor the site requires, say).
    notifySuccess('Your account is ready', 'Sign in with your e-mail address and new password.');
    return redirect('/auth');
  }
  notifySuccess('Welcome!', 'You are signed in to the back office.');
  return redirect('/admin');
}

export const HydrateFallback = SignInLoading;

function InvitationRefused({ message }: { message: string }) {
  return (
    <LinkRefused title="This invitation does not work" message={message}>
      <p className="text-sm text-muted-foreground">Ask the owner of the site to invite you again.</p>
      <Button asChild>
        <Link to="/auth">Go to sign in</Link>
      </Button>
    </LinkRefused>
  );
}

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const isSaving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const siteName = useBackOfficeSiteName();

  if (loaderData.state === 'invalid') return <InvitationRefused message={loaderData.message} />;
  if (result && 'linkRefused' in result) return <InvitationRefused message={result.linkRefused} />;

  const { invitation, token } = loaderData;
  const fieldErrors = result && 'fieldErrors' in result ? result.fieldErrors : {};
  return (
    <SignInCard
      title="Join the back office"
      description={
        <>
          {siteName}: <span className="font-medium text-foreground">{invitation.email}</span> as{' '}
          <span className="font-medium text-foreground">{STAFF_ROLE_LABELS[invitation.role]}</span>
        </>
      }
    >
      <Form method="post" className="grid gap-4">
        {result && 'error' in result ? (
          <Alert variant="destructive">
            <AlertDescription>{result.error}</AlertDescription>
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={token} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
        <Field id="name" label="Your name" error={fieldErrors.name}>
          {(control) => <Input {...control} name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} required />}
        </Field>
        <NewPasswordFields errors={fieldErrors} label="Password" confirmLabel="Repeat the password" />
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Creating your account...' : 'Create account'}
        </Button>
      </Form>
    </SignInCard>
  );
}
