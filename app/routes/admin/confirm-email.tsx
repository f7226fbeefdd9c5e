import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { LinkRefused, SignInCard } from '../../components/admin/sign-in-card.tsx';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api, ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import type { Route } from './+types/confirm-email';

export const meta = adminPageMeta('Confirm your new address');

type ActionResult = { email: string } | { linkRefused: string } | { error: string };

/**
 * The link of the mail sent to a new address (decision 052). Opening it
 * changes nothing until the button is pressed: mail scanners that follow
 * links must not confirm an address for its owner.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  try {
    return await api.post<{ email: string }>('/account/confirm-email', { token: String(form.get('token') ?? '') });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.code === 'INVALID_TOKEN' || error.code === 'EMAIL_TAKEN')) {
      return { linkRefused: errorMessage(error) };
    }
    return { error: errorMessage(error) };
  }
}

export default function ConfirmEmail() {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const isSaving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  if (result && 'email' in result) {
    return (
      <SignInCard title="Address confirmed">
        <Alert variant="success">
          <AlertDescription>
            Your account&apos;s address is now {result.email}. Sign in with it from now on; password resets and sign-in alerts go
            there.
          </AlertDescription>
        </Alert>
        <Button asChild>
          <Link to="/admin/account">Go to your account</Link>
        </Button>
      </SignInCard>
    );
  }
  if (result && 'linkRefused' in result) {
    return (
      <LinkRefused title="This link does not work" message={result.linkRefused}>
        <Button asChild>
          <Link to="/admin/account">Go to your account</Link>
        </Button>
      </LinkRefused>
    );
  }
  return (
    <SignInCard title="Confirm your new address" description="Press the button to make this address your account's.">
      <Form method="post" className="grid gap-4">
        {result && 'error' in result ? (
          <Alert variant="destructive">
            <AlertDescription>{result.error}</AlertDescription>
          </Alert>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={isSaving || token === ''}>
          {isSaving ? 'Confirming...' : 'Confirm my new address'}
        </Button>
      </Form>
    </SignInCard>
  );
}
