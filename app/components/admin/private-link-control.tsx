import { RefreshCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api } from '../../lib/api-client.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { formatSiteDateTime } from '../../lib/dates.ts';
import { Button } from '../ui/button.tsx';
import { CopyableLink } from './copyable-link.tsx';

/** What a private link control says: its heading, what the link opens, and the words of its actions. */
export interface PrivateLinkTexts {
  title: string;
  description: string;
  /** The link's name in the field's label, the toasts and the confirmations ("update link"). */
  noun: string;
  /** Who holds the link ("the creator"), for the confirmations. */
  holder: string;
  /** The toast after a new link: what staff do with it. */
  madeBody: string;
}

/**
 * A private, revocable link staff read, copy, replace and revoke: the link
 * in use (to copy and pass on), a new one in its place (the old stops
 * working), or none at all. A link in use that this server cannot show
 * (sealed with another key) is said so, and can still be replaced or revoked. `path` answers POST with the new link under
 * `urlKey` (and its expiry, when it has one) and DELETE by revoking it.
 */
export function PrivateLinkControl({
  path,
  initialUrl,
  initialProblem = null,
  urlKey,
  inputId,
  texts,
}: {
  path: string;
  initialUrl: string | null | undefined;
  /** Why the link in use cannot be shown, from the answer; null when it can or there is none. */
  initialProblem?: string | null | undefined;
  urlKey: string;
  inputId: string;
  texts: PrivateLinkTexts;
}) {
  const timeZone = useSiteTimeZone();
  const [url, setUrl] = useState<string | null>(initialUrl ?? null);
  const [problem, setProblem] = useState<string | null>(initialProblem ?? null);
  const hasLink = url !== null || problem !== null;
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const capitalNoun = texts.noun.charAt(0).toUpperCase() + texts.noun.slice(1);

  const reissue = async () => {
    if (hasLink && !window.confirm(`Make a new ${texts.noun}? The one ${texts.holder} has stops working at once.`)) return;
    setIsBusy(true);
    try {
      const link = await api.post<Record<string, unknown>>(path, {});
      const made = link[urlKey];
      setUrl(typeof made === 'string' ? made : null);
      setProblem(null);
      setExpiresAt(typeof link.expires_at === 'number' ? link.expires_at : null);
      notifySuccess(`New ${texts.noun} made`, texts.madeBody);
    } catch (error) {
      notifyError('Error', describeFailure(error, `Failed to make the ${texts.noun}`));
    } finally {
      setIsBusy(false);
    }
  };

  const revoke = async () => {
    if (!window.confirm(`Revoke the ${texts.noun}? ${texts.holder.charAt(0).toUpperCase() + texts.holder.slice(1)} will see a "link does not work" page.`)) return;
    setIsBusy(true);
    try {
      await api.delete(path);
      setUrl(null);
      setProblem(null);
      setExpiresAt(null);
      notifySuccess(`${capitalNoun} revoked`);
    } catch (error) {
      notifyError('Error', describeFailure(error, `Failed to revoke the ${texts.noun}`));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{texts.title}</p>
      <p className="text-sm text-muted-foreground">{texts.description}</p>
      {url ? (
        <div className="grid gap-2">
          <CopyableLink id={inputId} label={capitalNoun} url={url} labelHidden />
          {expiresAt !== null ? (
            <p className="text-sm text-muted-foreground">
              Valid until {formatSiteDateTime(expiresAt, timeZone)}.
            </p>
          ) : null}
        </div>
      ) : problem ? (
        <p className="text-sm text-destructive">{problem}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No link in use.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" disabled={isBusy} onClick={() => void reissue()}>
          <RefreshCw aria-hidden="true" />
          {hasLink ? 'Make a new link' : 'Make a link'}
        </Button>
        {hasLink ? (
          <Button type="button" variant="ghost" disabled={isBusy} onClick={() => void revoke()}>
            <XCircle aria-hidden="true" />
            Revoke link
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The creator link (the creator's private update link of a post's campaign), in the editor's campaign fieldset. */
export function CreatorLinkControl({
  postId,
  updateUrl,
  problem,
}: {
  postId: number;
  updateUrl: string | null | undefined;
  problem: string | null | undefined;
}) {
  return (
    <PrivateLinkControl
      path={`/admin/posts/${postId}/campaign/update-link`}
      initialUrl={updateUrl}
      initialProblem={problem}
      urlKey="update_url"
      inputId="campaign-update-url"
      texts={{
        title: "Creator's update link",
        description: 'A private page where the creator updates pledged, backers, state and end date. Their changes are marked as from the creator.',
        noun: 'update link',
        holder: 'the creator',
        madeBody: 'Copy it and send it to the creator: the old one no longer works.',
      }}
    />
  );
}

/** The sponsor's private report link of a sponsored submission's post (decision 068), in its details panel. */
export function SponsorReportLink({ submissionId, reportUrl, problem }: { submissionId: number; reportUrl: string | null; problem: string | null }) {
  return (
    <PrivateLinkControl
      path={`/admin/submissions/sponsored/${submissionId}/report-link`}
      initialUrl={reportUrl}
      initialProblem={problem}
      urlKey="report_url"
      inputId={`sponsor-report-url-${submissionId}`}
      texts={{
        title: "Sponsor's report link",
        description: 'A private page where the sponsor follows views, visitors and clicks to their campaign, day by day. Nothing about individual people.',
        noun: 'report link',
        holder: 'the sponsor',
        madeBody: 'Copy it and send it to the sponsor: the old one no longer works.',
      }}
    />
  );
}
