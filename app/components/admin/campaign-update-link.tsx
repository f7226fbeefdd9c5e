import { Copy, RefreshCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api } from '../../lib/api-client.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { formatSiteDateTime } from '../../lib/dates.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

/**
 * The creator's private update link of a post's campaign, in the editor's
 * campaign fieldset: the link in use (to copy and pass on), a new one in
 * its place (the old stops working), or none at all.
 */
export function CampaignUpdateLink({ postId, updateUrl }: { postId: number; updateUrl: string | null | undefined }) {
  const timeZone = useSiteTimeZone();
  const [url, setUrl] = useState<string | null>(updateUrl ?? null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const path = `/admin/posts/${postId}/campaign/update-link`;

  const reissue = async () => {
    if (url && !window.confirm('Make a new update link? The one the creator has stops working at once.')) return;
    setIsBusy(true);
    try {
      const link = await api.post<{ update_url: string; expires_at: number }>(path, {});
      setUrl(link.update_url);
      setExpiresAt(link.expires_at);
      notifySuccess('New update link made', 'Copy it and send it to the creator: the old one no longer works.');
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to make the update link'));
    } finally {
      setIsBusy(false);
    }
  };

  const revoke = async () => {
    if (!window.confirm('Revoke the update link? The creator will see a "link does not work" page.')) return;
    setIsBusy(true);
    try {
      await api.delete(path);
      setUrl(null);
      setExpiresAt(null);
      notifySuccess('Update link revoked');
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to revoke the update link'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Creator's update link</p>
      <p className="text-sm text-muted-foreground">
        A private page where the creator updates pledged, backers, state and end date. Their changes are marked as from the creator.
      </p>
      {url ? (
        <div className="grid gap-2">
          <Label htmlFor="campaign-update-url" className="sr-only">
            Update link
          </Label>
          <div className="flex flex-wrap gap-2">
            <Input id="campaign-update-url" readOnly value={url} className="max-w-xl" onFocus={(event) => event.target.select()} />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => notifySuccess('Link copied'),
                  () => notifyError('Error', 'Copy the link from the field instead'),
                )
              }
            >
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
          {expiresAt !== null ? (
            <p className="text-sm text-muted-foreground">
              Valid until {formatSiteDateTime(expiresAt, timeZone)}.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No link in use.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" disabled={isBusy} onClick={() => void reissue()}>
          <RefreshCw aria-hidden="true" />
          {url ? 'Make a new link' : 'Make a link'}
        </Button>
        {url ? (
          <Button type="button" variant="ghost" disabled={isBusy} onClick={() => void revoke()}>
            <XCircle aria-hidden="true" />
            Revoke link
          </Button>
        ) : null}
      </div>
    </div>
  );
}
