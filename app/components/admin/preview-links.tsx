import { Link2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api } from '../../lib/api-client.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { formatSiteDateTime } from '../../lib/dates.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { Button } from '../ui/button.tsx';
import { CopyableLink } from './copyable-link.tsx';

interface PreviewLink {
  id: number;
  url?: string;
  created_at: number;
  expires_at: number;
}

/**
 * "Share preview" for a draft or scheduled item: a link valid seven days
 * that shows it as it will look (its address is shown once, when made),
 * and the way to revoke every link given out.
 */
export function PreviewLinks({ apiPath, id, noun }: { apiPath: string; id: number; noun: string }) {
  const timeZone = useSiteTimeZone();
  const base = `${apiPath}/${id}/preview-links`;
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [made, setMade] = useState<PreviewLink | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    api.get<{ links: PreviewLink[] }>(base).then(
      (answer) => isCurrent && setLinks(answer.links),
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [base]);

  const share = async () => {
    setIsBusy(true);
    try {
      const link = await api.post<PreviewLink>(base, {});
      setMade(link);
      setLinks((current) => [link, ...current]);
      notifySuccess('Preview link created', `Valid until ${formatSiteDateTime(link.expires_at, timeZone)}`);
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to create the preview link'));
    } finally {
      setIsBusy(false);
    }
  };

  const revokeAll = async () => {
    if (!window.confirm('Revoke every preview link of this item? Anyone holding one will see a "not found" page.')) return;
    setIsBusy(true);
    try {
      await api.delete(base);
      setLinks([]);
      setMade(null);
      notifySuccess('Preview links revoked');
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to revoke the preview links'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section aria-labelledby="preview-links-heading" className="mt-10 grid max-w-3xl gap-3 border-t border-border pt-6">
      <h2 id="preview-links-heading" className="text-lg font-semibold">
        Share preview
      </h2>
      <p className="text-sm text-muted-foreground">
        A link that shows this {noun.toLowerCase()} as it will look, before it is published, for 7 days. Anyone with the link can open it.
      </p>
      {made?.url ? (
        <div className="grid gap-2">
          <CopyableLink id="preview-link-url" label="Preview link" url={made.url} />
          <p className="text-sm text-muted-foreground">Valid until {formatSiteDateTime(made.expires_at, timeZone)}.</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" disabled={isBusy} onClick={() => void share()}>
          <Link2 aria-hidden="true" />
          Share preview
        </Button>
        {links.length > 0 ? (
          <>
            <span className="text-sm text-muted-foreground">
              {links.length} link{links.length === 1 ? '' : 's'} in use
            </span>
            <Button type="button" variant="ghost" disabled={isBusy} onClick={() => void revokeAll()}>
              <XCircle aria-hidden="true" />
              Revoke all
            </Button>
          </>
        ) : null}
      </div>
    </section>
  );
}
