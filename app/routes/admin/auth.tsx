import { Form, redirect, useNavigation } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { PASSWORD_MIN_LENGTH } from '../../../common/schemas/auth.ts';
import type { Route } from './+types/auth';

export const meta = () => adminMeta('Sign in');

// Already signed in: straight to the admin area (SPEC.md section 2).
export function clientLoader() {
  if (api.isSignedIn()) throw redirect('/admin');
  return null;
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  try {
    await api.login(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
  } catch (error) {
    notifyError('Error', error instanceof ApiRequestError && error.message ? error.message : 'An error occurred');
    return { failed: true };
  }
  notifySuccess('Welcome back!', "You've successfully signed in.");
  return redirect('/admin');
}

export function HydrateFallback() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner />
    </main>
  );
}

export default function AdminSignIn() {
  const navigation = useNavigation();
  const isSigningIn = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
          <CardDescription>Sign in to admin panel</CardDescription>
        </CardHeader>
        <CardContent>
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
          </Form>
        </CardContent>
      </Card>
    </main>
  );
}
