/**
 * "Follow this campaign" in the fact box (decision 097): one e-mail field.
 * Without JavaScript it is a plain form posted to /follow, which answers a
 * page; with it, the API answers in place, with no reload. Beside it, the
 * campaign's last 48 hours as a calendar event, for readers who would
 * rather give no address.
 */
import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../lib/api-client.ts';
import type { CampaignBoxView } from '../lib/campaign-view.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';

/** Whether the fact box offers Follow: before the launch, or while pledges are taken (not in late pledges). */
export const isFollowable = (campaign: Pick<CampaignBoxView, 'badges' | 'action'>) =>
  campaign.badges.includes('pre_launch') || (campaign.action === 'back' && !campaign.badges.includes('late_pledge'));

export const FOLLOW_PENDING_TEXT = 'Check your inbox: we sent you a link to confirm.';
export const FOLLOW_STARTED_TEXT = 'You follow this campaign.';

type Answer = { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; text: string };

export function FollowCampaign({ slug, calendar }: { slug: string; calendar: boolean }) {
  const [answer, setAnswer] = useState<Answer>({ kind: 'idle' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setAnswer({ kind: 'sending' });
    try {
      const { status } = await api.post<{ status: string }>(`/posts/${encodeURIComponent(slug)}/follow`, { email });
      setAnswer({ kind: 'done', text: status === 'pending' ? FOLLOW_PENDING_TEXT : FOLLOW_STARTED_TEXT });
    } catch (error) {
      setAnswer({ kind: 'error', text: errorMessage(error) });
    }
  }
  const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
  return (
    <div className="mt-4 border-t border-border pt-4">
      <h3 id="follow-campaign" className="text-sm font-semibold">
        Follow this campaign
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        An e-mail when it launches, 48 hours before it ends, when it is funded and when it ends. No account.
      </p>
      {answer.kind === 'done' ? null : (
        <form method="post" action="/follow" onSubmit={submit} aria-labelledby="follow-campaign" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="slug" value={slug} />
          <label htmlFor="follow-email" className="sr-only">
            Your e-mail address
          </label>
          <Input
            id="follow-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            className="max-w-xs flex-1"
            aria-invalid={answer.kind === 'error' ? true : undefined}
            aria-describedby={answer.kind === 'error' ? 'follow-answer' : undefined}
          />
          <Button type="submit" disabled={answer.kind === 'sending'}>
            Follow
          </Button>
        </form>
      )}
      <p id="follow-answer" role="status" className={answer.kind === 'error' ? 'mt-2 text-sm text-destructive' : 'mt-2 text-sm'}>
        {answer.kind === 'done' || answer.kind === 'error' ? answer.text : null}
      </p>
      {calendar ? (
        <p className="mt-1 text-sm">
          <a href={`/${slug}/campaign.ics`} className={linkClass} download>
            Add to calendar
          </a>
        </p>
      ) : null}
    </div>
  );
}
