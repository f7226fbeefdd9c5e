import { useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { NewsletterIssueJson } from '../../../../common/answers.ts';
import { fieldErrorsOf } from '../../../../common/field-errors.ts';
import { newsletterIssueSchema, type NewsletterIssueInput } from '../../../../common/schemas/newsletter.ts';
import { createIssue, deleteIssue, ISSUES_PATH, saveIssue } from '../../../lib/admin-newsletters.ts';
import { describeFailure } from '../../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../../lib/admin-toasts.ts';
import { isVersionConflict } from '../../../lib/api-client.ts';

export type IssueValues = Required<NewsletterIssueInput>;

const EMPTY: IssueValues = { subject: '', preheader: '', intro: '', closing: '', post_ids: [] };

const valuesOf = (issue: NewsletterIssueJson | null): IssueValues =>
  issue
    ? { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, closing: issue.closing, post_ids: issue.post_ids }
    : EMPTY;

/**
 * The issue's typed values and what is done with them: saved (checked with
 * the shared schema first, focus on the first refused field), or a draft
 * deleted. One action at a time; a save refused because someone else saved
 * first keeps the text and says so.
 */
export function useIssueForm(issue: NewsletterIssueJson | null) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [values, setValues] = useState(() => valuesOf(issue));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = JSON.stringify(values) !== JSON.stringify(valuesOf(issue));

  const set = <K extends keyof NewsletterIssueInput>(field: K, value: IssueValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = newsletterIssueSchema.safeParse(values);
    const found = result.success ? {} : fieldErrorsOf(result.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`issue-${first}`)?.focus();
      return;
    }
    void run(async () => {
      try {
        if (issue === null) {
          const created = await createIssue(values);
          notifySuccess('Issue saved');
          await navigate(`${ISSUES_PATH}/${created.id}`, { replace: true });
        } else {
          await saveIssue(issue.id, { ...values, version: issue.version });
          setConflict(null);
          notifySuccess('Issue saved');
          await revalidator.revalidate();
        }
      } catch (error) {
        if (isVersionConflict(error)) setConflict(describeFailure(error, 'This issue was changed by someone else.'));
        else notifyError('Error', describeFailure(error, 'Failed to save the issue'));
      }
    });
  };

  const deleteDraft = (id: number) =>
    void run(async () => {
      if (!window.confirm('Delete this draft?')) return;
      try {
        await deleteIssue(id);
        notifySuccess('Issue deleted');
        await navigate(ISSUES_PATH);
      } catch (error) {
        notifyError('Error', describeFailure(error, 'Failed to delete the issue'));
      }
    });

  return { values, errors, conflict, isBusy, isDirty, set, save, deleteDraft };
}
