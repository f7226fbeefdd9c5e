import { useState, type FormEvent } from 'react';
import { useFetcher, useNavigate, useRevalidator } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { AuthorProfileForm } from '../../components/admin/author-profile-form.tsx';
import { TotpCodeField } from '../../components/admin/totp-code-field.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api, isSessionExpired } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { AccountProfileJson, AuthorProfileJson, RecoveryCodesJson, StaffMeJson, StaffSessionJson, TotpSetupJson } from '../../../common/answers.ts';
import { NAME_MAX_LENGTH } from '../../../common/schemas/staff.ts';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../common/schemas/auth.ts';
import type { Route } from './+types/account';

export const meta = adminPageMeta('Your account');

export function clientLoader() {
  return withAdminSession(async () => {
    const [me, sessions, author] = await Promise.all([
      api.get<StaffMeJson>('/admin/me'),
      api.get<StaffSessionJson[]>('/admin/account/sessions'),
      api.get<AuthorProfileJson>('/admin/account/author'),
    ]);
    return { me, sessions, author };
  });
}
clientLoader.hydrate = true as const;

type ProfileResult =
  | { intent: 'profile'; ok: true; profile: AccountProfileJson }
  | { intent: 'profile'; ok: false; fieldErrors: Partial<Record<'name' | 'email' | 'current_password', string>>; message: string };

/** The profile's answer or refusal, shown in place beside its form (no toast). */
async function saveProfile(form: FormData): Promise<ProfileResult> {
  try {
    const profile = await api.put<AccountProfileJson>('/admin/account/profile', {
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      current_password: String(form.get('current_password') ?? ''),
    });
    return { intent: 'profile', ok: true, profile };
  } catch (error) {
    if (isSessionExpired(error)) throw error;
    const message = describeFailure(error, 'Your details could not be saved');
    const code = error instanceof ApiRequestError ? error.code : undefined;
    const field =
      code === 'INVALID_CREDENTIALS' ? 'current_password' : code === 'EMAIL_TAKEN' ? 'email' : message.startsWith('Name') ? 'name' : code === 'VALIDATION_FAILED' ? 'email' : undefined;
    return { intent: 'profile', ok: false, fieldErrors: field ? { [field]: message } : {}, message };
  }
}

/** The profile and password forms and the session buttons; two-factor enrolment keeps its steps in the page instead. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  return withAdminSession(async () => {
    if (intent === 'profile') return saveProfile(form);
    try {
      if (intent === 'password') {
        if (form.get('new_password') !== form.get('confirm_password')) {
          notifyError('Error', 'The new passwords do not match');
          return { intent, ok: false };
        }
        await api.post('/admin/account/password', {
          current_password: String(form.get('current_password') ?? ''),
          new_password: String(form.get('new_password') ?? ''),
        });
        notifySuccess('Password changed', 'Your other sessions were signed out.');
      } else if (intent === 'revoke') {
        await api.delete(`/admin/account/sessions/${encodeURIComponent(String(form.get('id') ?? ''))}`);
        notifySuccess('Session revoked');
      } else if (intent === 'revoke-others') {
        await api.post('/admin/account/sessions/revoke-others', {});
        notifySuccess('Signed out of all other sessions');
      }
      return { intent, ok: true };
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      notifyError('Error', describeFailure(error, 'The change could not be saved'));
      return { intent, ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const { me, sessions, author } = loaderData;
  return (
    <>
      <AdminPageHeader title="Your account" />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">Signed in as {me.email}</p>
      {me.totp_required && !me.totp_enabled ? (
        <div role="status" className="mb-6 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The site&apos;s owner requires two-factor sign-in. Set it up below to use the rest of the back office.
        </div>
      ) : null}
      <div className="grid max-w-3xl gap-6">
        <ProfileSection me={me} />
        <PublicProfileSection profile={author} />
        <PasswordSection />
        <TwoFactorSection me={me} />
        <SessionsSection sessions={sessions} />
      </div>
    </>
  );
}

/** What became of a saved address, said once, in place. */
function ProfileOutcome({ profile }: { profile: AccountProfileJson }) {
  if (profile.email_change === 'confirmation_sent') {
    return (
      <div role="status" className="rounded-md border border-border bg-muted px-4 py-3 text-sm">
        <strong>Check {profile.pending_email}.</strong> We sent it a link that makes it your address; until you open it, you
        sign in with {profile.email}.
      </div>
    );
  }
  if (profile.email_change === 'changed') {
    return (
      <div role="status" className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <strong>Your address is now {profile.email}.</strong> No mail server is set up (SMTP_URL), so it was changed at once
        without a confirmation mail. Check it is typed right: you sign in with it, and password resets and sign-in alerts go
        there.
      </div>
    );
  }
  return (
    <div role="status" className="rounded-md border border-border bg-muted px-4 py-3 text-sm">
      Your details are saved.
    </div>
  );
}

function ProfileSection({ me }: { me: StaffMeJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data && 'intent' in fetcher.data && fetcher.data.intent === 'profile' ? (fetcher.data as ProfileResult) : null;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const saved = result?.ok ? result.profile : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="profile-heading">Your details</CardTitle>
        <CardDescription>Your name, and the address you sign in with and get password resets and sign-in alerts at.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {saved ? <ProfileOutcome profile={saved} /> : null}
        {result && !result.ok && Object.keys(result.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm text-destructive">
            {result.message}
          </p>
        ) : null}
        {/* Keyed by the saved address: a change shows it, with the password field emptied. */}
        <fetcher.Form key={saved ? `${saved.email}-${saved.pending_email ?? ''}` : me.email} method="post" className="grid max-w-sm gap-4" aria-labelledby="profile-heading">
          <input type="hidden" name="intent" value="profile" />
          <Field id="profile_name" label="Name" error={errors.name}>
            {(control) => <Input {...control} name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} defaultValue={saved?.name ?? me.name} />}
          </Field>
          <Field id="profile_email" label="Email" error={errors.email}>
            {(control) => <Input {...control} name="email" type="email" autoComplete="email" defaultValue={saved?.email ?? me.email} required />}
          </Field>
          <Field
            id="profile_current_password"
            label="Current password"
            error={errors.current_password}
            hint="Needed to change your address."
          >
            {(control) => <Input {...control} name="current_password" type="password" autoComplete="current-password" />}
          </Field>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Save your details'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** The author profile readers see: the byline of one's posts and the page `/author/{slug}`. */
function PublicProfileSection({ profile }: { profile: AuthorProfileJson }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="public-profile-heading">Public profile</CardTitle>
        <CardDescription>
          What readers see of you: the byline of the posts you review and your author page. Your address is never shown.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the name: a saved name shows in the preview. */}
        <AuthorProfileForm key={profile.name} profile={profile} apiPath="/admin/account/author" idPrefix="author" />
      </CardContent>
    </Card>
  );
}

function PasswordSection() {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const [formKey, setFormKey] = useState(0);
  // A saved password leaves the fields: a new form, empty.
  const [seen, setSeen] = useState<unknown>(null);
  if (fetcher.data && fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data.intent === 'password' && fetcher.data.ok) setFormKey(formKey + 1);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle id="password-heading">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={formKey} method="post" className="grid max-w-sm gap-4">
          <input type="hidden" name="intent" value="password" />
          <div className="grid gap-2">
            <Label htmlFor="current_password">Current password</Label>
            <Input id="current_password" name="current_password" type="password" autoComplete="current-password" required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new_password">New password</Label>
            <Input
              id="new_password"
              name="new_password"
              type="password"
              autoComplete="new-password"
              minLength={NEW_PASSWORD_MIN_LENGTH}
              aria-describedby="new_password_hint"
              required
            />
            <p id="new_password_hint" className="text-xs text-muted-foreground">
              At least {NEW_PASSWORD_MIN_LENGTH} characters, and not a common password.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="confirm_password">Confirm new password</Label>
            <Input
              id="confirm_password"
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              minLength={NEW_PASSWORD_MIN_LENGTH}
              required
            />
          </div>
          <Button type="submit" className="w-fit" disabled={busy}>
            {busy ? 'Saving...' : 'Change password'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** Runs one two-factor call; a refusal becomes a toast, an ended session the sign-in page. */
function useCall() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function run<T>(call: () => Promise<T>, failure: string): Promise<T | undefined> {
    setBusy(true);
    try {
      return await call();
    } catch (error) {
      if (isSessionExpired(error)) {
        notifyError('Session expired. Please login again.');
        await navigate('/auth');
        return undefined;
      }
      notifyError('Error', describeFailure(error, failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

const valueOf = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '');

function TwoFactorSection({ me }: { me: StaffMeJson }) {
  const revalidator = useRevalidator();
  const { busy, run } = useCall();
  const [setup, setSetup] = useState<TotpSetupJson | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const startSetup = async () => {
    const answer = await run(() => api.post<TotpSetupJson>('/admin/account/totp/setup', {}), 'Two-factor set-up could not start');
    if (answer) setSetup(answer);
  };

  const enable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = valueOf(event, 'code');
    const answer = await run(() => api.post<RecoveryCodesJson>('/admin/account/totp/enable', { code }), 'Two-factor could not be turned on');
    if (!answer) return;
    setSetup(null);
    // The codes' panel says it, in place: no toast on top of it.
    setCodes(answer.recovery_codes);
    await revalidator.revalidate();
  };

  const regenerate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = valueOf(event, 'code');
    const answer = await run(() => api.post<RecoveryCodesJson>('/admin/account/recovery-codes', { code }), 'New codes could not be made');
    if (!answer) return;
    form.reset();
    setCodes(answer.recovery_codes);
  };

  const disable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = valueOf(event, 'password');
    const done = await run(async () => {
      await api.post('/admin/account/totp/disable', { password });
      return true;
    }, 'Two-factor could not be turned off');
    if (!done) return;
    setCodes(null);
    notifySuccess('Two-factor authentication is off');
    await revalidator.revalidate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="two-factor-heading">Two-factor authentication</CardTitle>
        <CardDescription>
          {me.totp_enabled
            ? 'On: signing in asks for a code from your authenticator app after your password.'
            : 'Off: add a code from an authenticator app to your password when you sign in.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
        {!me.totp_enabled && !setup ? (
          <Button type="button" className="w-fit" disabled={busy} onClick={() => void startSetup()}>
            Set up two-factor authentication
          </Button>
        ) : null}
        {!me.totp_enabled && setup ? (
          <div className="grid gap-4">
            <p className="text-sm">
              Scan this QR code with your authenticator app, or enter the key below by hand. Then type the 6-digit code the
              app shows.
            </p>
            <img
              src={`data:image/svg+xml;base64,${btoa(setup.qr_svg)}`}
              alt="QR code to add this account to your authenticator app"
              width={200}
              height={200}
              className="rounded-md border border-border bg-white"
            />
            <div className="grid gap-1">
              <span className="text-sm font-medium" id="totp-secret-label">
                Key for manual entry
              </span>
              <code aria-labelledby="totp-secret-label" data-testid="totp-secret" className="w-fit break-all rounded bg-muted px-2 py-1 font-mono text-sm">
                {setup.secret}
              </code>
            </div>
            <form className="grid max-w-sm gap-2" onSubmit={(event) => void enable(event)}>
              <TotpCodeField id="totp_code" />
              <Button type="submit" className="w-fit" disabled={busy}>
                Turn on two-factor authentication
              </Button>
            </form>
          </div>
        ) : null}
        {me.totp_enabled ? (
          <div className="grid gap-6 sm:grid-cols-2">
            <form className="grid content-start gap-2" onSubmit={(event) => void regenerate(event)}>
              <h3 className="font-medium">New recovery codes</h3>
              <p className="text-sm text-muted-foreground">The codes you have now stop working.</p>
              <TotpCodeField id="regenerate_code" />
              <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
                Make new recovery codes
              </Button>
            </form>
            <form className="grid content-start gap-2" onSubmit={(event) => void disable(event)}>
              <h3 className="font-medium">Turn off</h3>
              <p className="text-sm text-muted-foreground">
                {me.totp_required ? "The site's owner requires two-factor sign-in for all staff." : 'Sign-in will ask for your password only.'}
              </p>
              <Label htmlFor="disable_password">Current password</Label>
              <Input id="disable_password" name="password" type="password" autoComplete="current-password" required />
              <Button type="submit" variant="destructive" className="w-fit" disabled={busy || me.totp_required}>
                Turn off two-factor authentication
              </Button>
            </form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Shown once, right after they are made: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Recovery codes copied');
    } catch {
      notifyError('Error', 'Copying is not allowed here: select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h3 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Two-factor authentication is on; any recovery codes made before no longer work. Keep these somewhere safe, such as a password manager. Each one signs you in once if you lose your authenticator
        app. They will not be shown again.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}

function SessionsSection({ sessions }: { sessions: StaffSessionJson[] }) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="sessions-heading">Sessions</CardTitle>
        <CardDescription>Where your account is signed in. Revoke any session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table labels={['Device', 'Address', 'Last used', 'Actions']}>
          <TableHeader>
            <TableRow>
              <TableHead>Device</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell className="font-medium">
                  <span className="flex flex-wrap items-center gap-2">
                    {session.device}
                    {session.current ? <Badge variant="secondary">This device</Badge> : null}
                  </span>
                </TableCell>
                <TableCell>{session.ip_address ?? 'Unknown'}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(session.last_used_at)}</TableCell>
                {/* Empty for this device: its card on a phone then has no bare Actions line. */}
                <TableCell className="text-right max-sm:[&:empty]:hidden">
                  {session.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Revoke the session on ${session.device}, last used ${formatDateTime(session.last_used_at)}`}
                      onClick={() => void fetcher.submit({ intent: 'revoke', id: session.id }, { method: 'post' })}
                    >
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={busy || others === 0}
          onClick={() => void fetcher.submit({ intent: 'revoke-others' }, { method: 'post' })}
        >
          Sign out all other sessions
        </Button>
      </CardContent>
    </Card>
  );
}
