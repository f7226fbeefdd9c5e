import { useState } from 'react';
import { useNavigate } from 'react-router';
import { draftEndingSoonIssue, ISSUES_PATH } from '../../../lib/admin-newsletters.ts';
import { describeFailure } from '../../../lib/admin-session.ts';
import { notifySuccess } from '../../../lib/admin-toasts.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';

/**
 * "Start from ending soon": a new issue drafted from the live campaigns
 * ending within 7 days, opened for editing. When none ends that soon,
 * nothing is created and the refusal says so where the button is.
 */
export function EndingSoonStart() {
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const start = async () => {
    setIsBusy(true);
    setRefusal(null);
    try {
      const issue = await draftEndingSoonIssue();
      notifySuccess('Issue drafted', `${issue.post_ids.length} ${issue.post_ids.length === 1 ? 'campaign' : 'campaigns'} ending soon`);
      await navigate(`${ISSUES_PATH}/${issue.id}`, { replace: true });
    } catch (error) {
      setRefusal(describeFailure(error, 'The issue could not be drafted'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section aria-labelledby="ending-soon-heading" className="mb-6 grid gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="ending-soon-heading" className="text-base font-semibold">
        Start from ending soon
      </h2>
      <p className="text-sm text-muted-foreground">
        Drafts an issue listing the live campaigns that end within the next 7 days, each with its funding and time left. You can edit it before sending.
      </p>
      <div>
        <Button type="button" variant="outline" disabled={isBusy} onClick={() => void start()}>
          {isBusy ? 'Drafting...' : 'Start from ending soon'}
        </Button>
      </div>
      {refusal ? (
        <Alert>
          <AlertTitle>No issue drafted</AlertTitle>
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
