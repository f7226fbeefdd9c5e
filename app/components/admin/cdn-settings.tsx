import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { CDN_NAMES, type CdnPurgeJson, type CdnStatusJson } from '../../../common/cdn.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

/** The form intent the settings page's action answers with "Purge everything". */
export const CDN_PURGE_ALL_INTENT = 'cdn_purge_all';

const REASONS: Record<CdnPurgeJson['reason'], string> = {
  write: 'after a change',
  clock: 'at a countdown or a scheduled post',
  everything: 'Purge everything',
};

/** What a purge purged, in a few words: the first tags, and how many more. */
function whatOf(purge: CdnPurgeJson): string {
  if (purge.tags === null) return 'everything';
  const shown = purge.tags.slice(0, 4).join(', ');
  return purge.tags.length > 4 ? `${shown} and ${purge.tags.length - 4} more` : shown;
}

function When({ at }: { at: number }): ReactNode {
  return <time dateTime={new Date(at * 1000).toISOString()}>{formatDateTime(at)}</time>;
}

/**
 * Settings → CDN (the owner's, decision 098): which CDN the server purges,
 * the last purge that went through, the recent failures and "Purge everything".
 */
export function CdnSection({ status }: { status: CdnStatusJson }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>CDN</CardTitle>
        <CardDescription>
          A CDN in front of the site keeps public pages for a day; each change purges exactly the pages it touches there.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {status.cdn === null ? (
          <p>
            <strong>No CDN configured.</strong>{' '}
            <span className="text-muted-foreground">
              Nothing is purged. Set <code className="font-mono">CDN_PURGE</code> in the server&apos;s environment to put the site
              behind Varnish, Cloudflare, Fastly or Bunny.
            </span>
          </p>
        ) : (
          <>
            <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="font-medium">CDN</dt>
              <dd>
                {CDN_NAMES[status.cdn]} <span className="text-muted-foreground">({status.target})</span>
              </dd>
              <dt className="font-medium">Last purge</dt>
              <dd>
                {status.last_purge ? (
                  <>
                    <When at={status.last_purge.at} />, {REASONS[status.last_purge.reason]}: {whatOf(status.last_purge)}
                  </>
                ) : (
                  'None yet'
                )}
              </dd>
            </dl>
            <div className="grid gap-2">
              <h3 className="font-medium">Recent failures</h3>
              {status.failures.length === 0 ? (
                <p className="text-muted-foreground">None.</p>
              ) : (
                <ul className="grid gap-2">
                  {status.failures.map((failure, i) => (
                    <li key={`${failure.at}-${i}`}>
                      <When at={failure.at} />, attempt {failure.attempt} ({whatOf(failure)}): {failure.error}.{' '}
                      {failure.retried ? 'It will be tried again.' : 'It was the last attempt.'}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value={CDN_PURGE_ALL_INTENT} />
              <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
                {busy ? 'Purging...' : 'Purge everything'}
              </Button>
            </fetcher.Form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
