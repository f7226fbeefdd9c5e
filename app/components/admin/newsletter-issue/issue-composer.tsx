import { useRevalidator } from 'react-router';
import type { NewsletterIssueJson } from '../../../../common/answers.ts';
import { ISSUES_PATH, statusLabel } from '../../../lib/admin-newsletters.ts';
import { Badge } from '../../ui/badge.tsx';
import { BackLink } from '../back-link.tsx';
import { EndingSoonStart } from './ending-soon-start.tsx';
import { IssueForm } from './issue-form.tsx';
import { IssueConflictAlert, LeftOutPostsNotice, OutboxNotice, ReachedNobodyNotice } from './issue-notices.tsx';
import { IssuePreview } from './issue-preview.tsx';
import type { IssuePost } from './post-picker.tsx';
import { SendingProgress, useRefreshWhileSending } from './sending-progress.tsx';
import { SendPanel } from './send-panel.tsx';
import { useIssueForm } from './use-issue-form.ts';

/**
 * A newsletter issue, new or stored: written beside its live preview, then
 * tested, sent or scheduled, with the sending's progress.
 */
export function IssueComposer({
  issue,
  posts,
  delivery,
}: {
  issue: NewsletterIssueJson | null;
  posts: IssuePost[];
  delivery: 'smtp' | 'outbox';
}) {
  const revalidator = useRevalidator();
  const form = useIssueForm(issue);
  const isEditable = issue === null || issue.status === 'draft' || issue.status === 'scheduled';
  useRefreshWhileSending(issue?.status);

  return (
    <>
      <BackLink to={ISSUES_PATH} />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{issue ? 'Edit Issue' : 'New Issue'}</h1>
        {issue ? <Badge variant="secondary">{statusLabel(issue.status, delivery)}</Badge> : null}
      </div>
      {delivery === 'outbox' ? <OutboxNotice /> : null}
      {issue === null ? <EndingSoonStart /> : null}
      {form.conflict ? <IssueConflictAlert message={form.conflict} /> : null}
      {issue?.reached_nobody_at ? <ReachedNobodyNotice at={issue.reached_nobody_at} /> : null}
      {issue && issue.status !== 'draft' && issue.left_out.length > 0 ? <LeftOutPostsNotice titles={issue.left_out.map((post) => post.title)} /> : null}
      {issue && issue.status !== 'draft' ? <SendingProgress issue={issue} delivery={delivery} /> : null}
      {/* Side by side only where the preview column is as wide as the mail (600 px). */}
      <div className="grid gap-8 2xl:grid-cols-2">
        <IssueForm
          values={form.values}
          errors={form.errors}
          posts={posts}
          isEditable={isEditable}
          isBusy={form.isBusy}
          onChange={form.set}
          onSave={form.save}
          onDelete={issue?.status === 'draft' ? () => form.deleteDraft(issue.id) : null}
        />
        <IssuePreview values={form.values} />
        {issue ? <SendPanel issue={issue} isDirty={form.isDirty} onChanged={() => void revalidator.revalidate()} /> : null}
      </div>
    </>
  );
}
