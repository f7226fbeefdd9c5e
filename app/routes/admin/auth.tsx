import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { adminPageMeta, useBackOfficeSiteName } from '../../components/admin/admin-meta.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { SignInCard, SignInLoading } from '../../components/admin/sign-in-card.tsx';
import { TotpCodeField } from '../../components/admin/totp-code-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { PASSWORD_MIN_LENGTH } from '../../../common/schemas/auth.ts';
import type { Route } from './+types/auth';

export const meta = adminPageMeta('Sign in');

// Already signed in: straight to the admin area (SPEC.md section 2).
export function clientLoader() {
  if (api.isSignedIn()) throw redirect('/admin');
  return null;
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const mfaToken = String(form.get('mfa_token') ?? '');
  try {
    if (mfaToken) {
      // The second step of a two-factor sign-in.
      const recoveryCode = form.get('recovery_code');
      await api.loginWithTotp(
        mfaToken,
        recoveryCode === null ? { code: String(form.get('code') ?? '') } : { recovery_code: String(recoveryCode) },
      );
    } else {
      const challenge = await api.login(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      if (challenge) return { failed: false, mfaToken: challenge.mfaToken };
    }
  } catch (error) {
    notifyError('Error', error instanceof ApiRequestError && error.message ? error.message : 'An error occurred');
    // A wrong code may be typed again; a step that took too long starts over.
    const keepStep = mfaToken && !(error instanceof ApiRequestError && error.code === 'INVALID_TOKEN');
    return { failed: true, mfaToken: keepStep ? mfaToken : undefined };
  }
  notifySuccess('Welcome back!', "You've successfully signed in.");
  return redirect('/admin');
}

export const HydrateFallback = SignInLoading;

export default function AdminSignIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSigningIn = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // SPEC.md's 'Admin Panel' is the site's own name (decision 052).
  const siteName = useBackOfficeSiteName();
  if (actionData?.mfaToken) return <CodeStep mfaToken={actionData.mfaToken} isSigningIn={isSigningIn} />;
  return (
    <SignInCard title={siteName} description="Sign in to admin panel">
      <Form method="post" className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
          />
        </div>
        <Button type="submit" disabled={isSigningIn}>
          {isSigningIn ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/admin/forgot-password" className="underline underline-offset-4">
            Forgot your password?
          </Link>
        </p>
      </Form>
    </SignInCard>
  );
}

/** The second step for accounts with two-factor: a code from the app, or a recovery code. */
function CodeStep({ mfaToken, isSigningIn }: { mfaToken: string; isSigningIn: boolean }) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  return (
    <SignInCard
      title="Two-factor authentication"
      description={
        useRecoveryCode
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="mfa_token" value={mfaToken} />
        {useRecoveryCode ? (
          <div className="grid gap-2">
            <Label htmlFor="recovery_code">Recovery code</Label>
            <Input
              key="recovery_code"
              id="recovery_code"
              name="recovery_code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
            />
          </div>
        ) : (
          <TotpCodeField key="code" id="code" autoFocus />
        )}
        <Button type="submit" disabled={isSigningIn}>
          {isSigningIn ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" variant="link" onClick={() => setUseRecoveryCode(!useRecoveryCode)}>
          {useRecoveryCode ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/auth" className="underline underline-offset-4">
            Start over
          </Link>
        </p>
      </Form>
    </SignInCard>
  );
}
