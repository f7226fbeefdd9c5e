import { Form, Link, useActionData, useNavigation } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SignInCard, SignInLoading } from '../../components/admin/sign-in-card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api, ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import type { Route } from './+types/forgot-password';

export const meta = adminPageMeta('Forgot your password?');

// Rendered in the browser only, like the sign-in page: the form is handled
// by the client action, so it must not be submitted before it is ready.
export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

type ActionResult = { sent: string } | { emailError: string } | { error: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  try {
    const answer = await api.post<{ message: string }>('/auth/forgot-password', {
      email: String(form.get('email') ?? ''),
    });
    return { sent: answer.message };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED') return { emailError: error.message };
    return { error: errorMessage(error) };
  }
}

export const HydrateFallback = SignInLoading;

export default function ForgotPassword() {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const isSending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <SignInCard title="Forgot your password?" description="We will send a link to reset it to your e-mail address.">
      {result && 'sent' in result ? (
        <Alert variant="success">
          <AlertDescription>
            <p>{result.sent}</p>
            <p>The link works for 1 hour.</p>
          </AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="grid gap-4">
          {result && 'error' in result ? (
            <Alert variant="destructive">
              <AlertDescription>{result.error}</AlertDescription>
            </Alert>
          ) : null}
          <Field id="email" label="Email" error={result && 'emailError' in result ? result.emailError : undefined}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="username" required />}
          </Field>
          <Button type="submit" disabled={isSending}>
            {isSending ? 'Sending...' : 'Send reset link'}
          </Button>
        </Form>
      )}
      <p className="text-center text-sm">
        <Link to="/auth" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </SignInCard>
  );
}
