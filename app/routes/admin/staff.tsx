import { Trash2, UserPlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { AuthorProfileDialog } from '../../components/admin/author-profile-dialog.tsx';
import { ListSearch, noMatchText } from '../../components/admin/list-search.tsx';
import { MailDeliveryNote } from '../../components/admin/mail-delivery-note.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { useStaffCan } from '../../components/admin/staff-permissions.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api, ApiRequestError, listSearch } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { formatDateTime, formatShortDate } from '../../lib/dates.ts';
import type { MailDeliveryJson, StaffInvitationJson, StaffListJson, StaffMeJson, StaffUserJson } from '../../../common/answers.ts';
import { emailProblem } from '../../../common/schemas/email.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from '../../../common/staff-roles.ts';
import type { Route } from './+types/staff';

export const meta = adminPageMeta('Staff');

// Staff lists are short: one page, searched on the server like every other list.
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = listSearch(request);
  return withAdminSession(async () => {
    const [list, me] = await Promise.all([api.get<StaffListJson>('/admin/users', { q }), api.get<StaffMeJson>('/admin/me')]);
    return { ...list, meId: me.id, q: q ?? null };
  });
}
clientLoader.hydrate = true as const;

type ActionResult =
  | { ok: true; invited?: { email: string; mail: MailDeliveryJson } }
  | { ok: false; fieldErrors?: { email?: string } };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = Number(form.get('id'));
  return withAdminSession(async () => {
    try {
      if (intent === 'invite') {
        const invitation = await api.post<StaffInvitationJson & { mail: MailDeliveryJson }>('/admin/users', {
          email: String(form.get('email') ?? ''),
          role: String(form.get('role') ?? ''),
        });
        // Said under the form, with the link to copy when the mail did not leave: no toast on top.
        return { ok: true, invited: { email: invitation.email, mail: invitation.mail } };
      } else if (intent === 'role') {
        const user = await api.put<StaffUserJson>(`/admin/users/${id}`, { role: String(form.get('role') ?? '') });
        notifySuccess('Role changed', `${user.name || user.email} is now ${STAFF_ROLE_LABELS[user.role]}.`);
      } else if (intent === 'remove') {
        await api.delete(`/admin/users/${id}`);
        notifySuccess('Account removed', `${String(form.get('email') ?? '')} can no longer sign in.`);
      } else if (intent === 'revoke') {
        await api.delete(`/admin/users/invitations/${id}`);
        notifySuccess('Invitation revoked', `The link sent to ${String(form.get('email') ?? '')} no longer works.`);
      }
      return { ok: true };
    } catch (error) {
      // An address problem belongs beside the address field.
      if (intent === 'invite' && error instanceof ApiRequestError && (error.code === 'EMAIL_TAKEN' || error.code === 'VALIDATION_FAILED')) {
        return { ok: false, fieldErrors: { email: error.message } };
      }
      notifyError('Error', describeFailure(error, 'The change could not be saved'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

const lastActive = (seconds: number | null) => (seconds === null ? 'Never' : formatDateTime(seconds));

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { users, invitations, meId, q } = loaderData;
  return (
    <>
      <AdminPageHeader title="Staff" />
      <div className="grid gap-8">
        <InviteForm />
        <ListSearch label="Search staff and invitations" placeholder="Search by name or email" results={users.length + invitations.length} />
        <section aria-labelledby="staff-accounts">
          <h2 id="staff-accounts" className="mb-3 text-lg font-semibold">
            Accounts
          </h2>
          <div className="rounded-md border border-border bg-background">
            <PagedTable headings={['Name', 'Email', 'Role', 'Two-factor', 'Last active']} emptyText={q ? noMatchText('No staff accounts', q) : 'No staff accounts'}>
              {users.map((user) => (
                <StaffRow key={user.id} user={user} isSelf={user.id === meId} />
              ))}
            </PagedTable>
          </div>
        </section>
        <section aria-labelledby="staff-invitations">
          <h2 id="staff-invitations" className="mb-3 text-lg font-semibold">
            Pending invitations
          </h2>
          <div className="rounded-md border border-border bg-background">
            <PagedTable headings={['Email', 'Role', 'Invited by', 'Sent', 'Expires']} emptyText={q ? noMatchText('No pending invitations', q) : 'No pending invitations'}>
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </PagedTable>
          </div>
        </section>
      </div>
    </>
  );
}

function RoleSelect({ id, value, label, disabled, onChange }: { id: string; value: StaffRole; label?: string; disabled?: boolean; onChange: (role: StaffRole) => void }) {
  return (
    <select
      id={id}
      name="role"
      value={value}
      disabled={disabled}
      {...(label ? { 'aria-label': label } : {})}
      onChange={(event) => {
        if (isStaffRole(event.target.value)) onChange(event.target.value);
      }}
      className="h-10 rounded-md border border-input bg-background px-3 text-sm"
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function InviteForm() {
  const fetcher = useFetcher<typeof clientAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<StaffRole>('editor');
  const [clientError, setClientError] = useState<string | undefined>();
  const isSending = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const serverError = result && !result.ok ? result.fieldErrors?.email : undefined;
  const invited = result?.ok ? result.invited : undefined;
  const canOpenOutbox = useStaffCan()('outbox');

  // A sent invitation empties the form for the next one.
  useEffect(() => {
    if (result?.ok) {
      formRef.current?.reset();
      setRole('editor');
    }
  }, [result]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const problem = emailProblem(email);
    setClientError(problem ?? undefined);
    if (problem) return;
    void fetcher.submit({ intent: 'invite', email: email.trim(), role }, { method: 'post' });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a member of staff</CardTitle>
      </CardHeader>
      <CardContent>
        <form ref={formRef} noValidate onSubmit={submit} className="flex flex-wrap items-start gap-4">
          <Field id="invite-email" label="Email" error={clientError ?? serverError} className="min-w-64 flex-1">
            {(control) => <Input {...control} name="email" type="email" autoComplete="off" required />}
          </Field>
          <div className="grid gap-2">
            <label htmlFor="invite-role" className="text-sm font-medium">
              Role
            </label>
            <RoleSelect id="invite-role" value={role} onChange={setRole} />
          </div>
          <Button type="submit" disabled={isSending} className="mt-7">
            <UserPlus aria-hidden="true" />
            {isSending ? 'Sending...' : 'Invite'}
          </Button>
        </form>
        {invited ? (
          <MailDeliveryNote
            what="Invitation"
            to={invited.email}
            mail={invited.mail}
            linkUse={{ kind: 'once' }}
            linkLabel={`Invitation link for ${invited.email}`}
            canOpenOutbox={canOpenOutbox}
            className="mt-4"
          />
        ) : null}
        {invited ? <p className="mt-2 text-sm text-muted-foreground">{invited.email} has 72 hours to accept it.</p> : null}
      </CardContent>
    </Card>
  );
}

function StaffRow({ user, isSelf }: { user: StaffUserJson; isSelf: boolean }) {
  const fetcher = useFetcher<typeof clientAction>();
  const isPending = fetcher.state !== 'idle';
  const pendingRole = fetcher.formData?.get('intent') === 'role' ? fetcher.formData.get('role') : null;
  const shownRole = typeof pendingRole === 'string' && isStaffRole(pendingRole) ? pendingRole : user.role;
  const name = user.name || user.email;
  return (
    <TableRow>
      <TableCell className="font-medium">
        {user.name || <span className="text-muted-foreground">—</span>}
        {isSelf ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>
        <RoleSelect
          id={`role-${user.id}`}
          label={`Role of ${name}`}
          value={shownRole}
          disabled={isPending}
          onChange={(role) => void fetcher.submit({ intent: 'role', id: user.id, role }, { method: 'post' })}
        />
      </TableCell>
      <TableCell>
        <Badge variant={user.totp_enabled ? 'default' : 'secondary'}>{user.totp_enabled ? 'On' : 'Off'}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{lastActive(user.last_active_at)}</TableCell>
      <TableCell className="whitespace-nowrap text-right">
        <AuthorProfileDialog userId={user.id} name={name} />
        {isSelf ? null : (
          <ConfirmButton
            label={`Remove ${name}`}
            icon={<Trash2 aria-hidden="true" />}
            title={`Remove ${name}?`}
            description={`${user.email} will be signed out everywhere and can no longer sign in. Posts and resources they wrote stay.`}
            confirm="Remove"
            disabled={isPending}
            onConfirm={() => void fetcher.submit({ intent: 'remove', id: user.id, email: user.email }, { method: 'post' })}
          />
        )}
      </TableCell>
    </TableRow>
  );
}

function InvitationRow({ invitation }: { invitation: StaffInvitationJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  return (
    <TableRow>
      <TableCell className="font-medium">{invitation.email}</TableCell>
      <TableCell>{STAFF_ROLE_LABELS[invitation.role]}</TableCell>
      <TableCell>{invitation.invited_by_email ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">{formatShortDate(invitation.created_at)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTime(invitation.expires_at)}</TableCell>
      <TableCell className="text-right">
        <ConfirmButton
          label={`Revoke the invitation of ${invitation.email}`}
          icon={<X aria-hidden="true" />}
          title="Revoke this invitation?"
          description={`The link sent to ${invitation.email} will stop working. You can invite the address again later.`}
          confirm="Revoke"
          disabled={fetcher.state !== 'idle'}
          onConfirm={() => void fetcher.submit({ intent: 'revoke', id: invitation.id, email: invitation.email }, { method: 'post' })}
        />
      </TableCell>
    </TableRow>
  );
}

/** An icon button behind a confirmation dialog that says what happens. */
function ConfirmButton({
  label,
  icon,
  title,
  description,
  confirm,
  disabled,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  confirm: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" disabled={disabled}>
          {icon}
          <span className="sr-only">{label}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
