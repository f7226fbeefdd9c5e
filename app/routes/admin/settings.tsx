import { useFetcher } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { api, isSessionExpired } from '../../lib/api-client.ts';
import type { SecuritySettingsJson } from '../../../common/answers.ts';
import type { Route } from './+types/settings';

export const meta = () => adminMeta('Settings');

export function clientLoader() {
  return withAdminSession(() => api.get<SecuritySettingsJson>('/admin/settings/security'));
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return withAdminSession(async () => {
    try {
      await api.put('/admin/settings/security', { require_totp: form.get('require_totp') === 'on' });
      notifySuccess('Settings saved');
      return { ok: true };
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      notifyError('Error', describeFailure(error, 'The settings could not be saved'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  return (
    <>
      <AdminPageHeader title="Settings" />
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Security</CardTitle>
          <CardDescription>Applies to every member of staff.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Keyed by the saved value, so a refused change shows the stored one again. */}
          <fetcher.Form key={String(loaderData.require_totp)} method="post" className="grid gap-4">
            <div className="flex items-start gap-3">
              <Checkbox
                id="require_totp"
                name="require_totp"
                defaultChecked={loaderData.require_totp}
                aria-describedby="require_totp_hint"
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="require_totp">Require two-factor authentication for all staff</Label>
                <p id="require_totp_hint" className="text-sm text-muted-foreground">
                  Staff who have not set it up can only reach their account page until they do.
                </p>
              </div>
            </div>
            <Button type="submit" className="w-fit" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </>
  );
}
