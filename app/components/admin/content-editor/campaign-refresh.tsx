import { useEffect, useRef, useState } from 'react';
import type { CampaignRefreshJson, PostJson } from '../../../../common/answers.ts';
import { lastRefreshAt, type CampaignJson } from '../../../../common/campaign.ts';
import { notifyError } from '../../../lib/admin-toasts.ts';
import { describeFailure } from '../../../lib/admin-session.ts';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';

/** The refresh facts of a stored campaign, as staff see them. */
export type RefreshFacts = Pick<CampaignJson, 'platform' | 'url' | 'facts_source' | 'facts_updated_at' | 'refresh_error' | 'refresh_error_at'>;

/** How often, and how many times, the editor looks whether a refresh it asked for has run. */
const POLL_MS = 2000;
const POLL_TIMES = 15;

type Outcome = { kind: 'waiting' } | { kind: 'done'; facts: RefreshFacts } | { kind: 'slow' };

/**
 * A stored Kickstarter campaign's "Refresh now", and the last refresh's
 * error: staff see why the facts did not change (a refusal, a challenge
 * page, a timeout) while the stored facts stay as they were. While reading
 * campaign pages is off (`fetchingOn` false) the button is not offered, since
 * a press could only be refused; an error from before still shows.
 */
export function CampaignRefresh({ postId, campaign, fetchingOn }: { postId: number; campaign: RefreshFacts; fetchingOn: boolean }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = outcome?.kind === 'done' ? outcome.facts : campaign;
  const busy = outcome?.kind === 'waiting';
  const lastShown = lastRefreshAt(shown);

  const watch = (since: number | null, times: number) => {
    timer.current = setTimeout(() => {
      void api
        .get<PostJson>(`/admin/posts/${postId}`)
        .then((post) => {
          const facts = post.campaign;
          const last = facts ? lastRefreshAt(facts) : null;
          if (facts && last !== null && last !== since) setOutcome({ kind: 'done', facts });
          else if (times > 1) watch(since, times - 1);
          else setOutcome({ kind: 'slow' });
        })
        .catch(() => setOutcome({ kind: 'slow' }));
    }, POLL_MS);
  };

  const refresh = async () => {
    setOutcome({ kind: 'waiting' });
    try {
      await api.post<CampaignRefreshJson>(`/admin/posts/${postId}/campaign/refresh`, {});
      watch(lastRefreshAt(shown), POLL_TIMES);
    } catch (error) {
      setOutcome(null);
      notifyError('The campaign could not be refreshed', describeFailure(error, 'Please try again.'));
    }
  };

  if (campaign.platform !== 'kickstarter' || !campaign.url) return null;
  return (
    <div className="grid gap-2" data-testid="campaign-refresh">
      {fetchingOn ? (
        <Button type="button" variant="outline" className="w-fit" disabled={busy} onClick={() => void refresh()}>
          {busy ? 'Refreshing...' : 'Refresh now'}
        </Button>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {outcome?.kind === 'done' && !outcome.facts.refresh_error
          ? 'Refreshed from Kickstarter. Reload the page to edit the new facts.'
          : outcome?.kind === 'slow'
            ? 'The refresh is queued; reload the page in a while to see its result.'
            : lastShown !== null && !shown.refresh_error
              ? `Last refreshed ${formatDateTime(lastShown)}.`
              : ''}
      </p>
      {shown.refresh_error ? (
        <p className="text-sm text-destructive" data-testid="campaign-refresh-error">
          Last refresh failed{shown.refresh_error_at ? ` ${formatDateTime(shown.refresh_error_at)}` : ''}: {shown.refresh_error}.
          The facts shown are the ones stored before.
        </p>
      ) : null}
    </div>
  );
}
