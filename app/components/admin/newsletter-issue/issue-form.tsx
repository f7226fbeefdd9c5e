import { lazy, Suspense, type FormEvent } from 'react';
import type { NewsletterIssueInput } from '../../../../common/schemas/newsletter.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { PostPicker, type IssuePost } from './post-picker.tsx';
import type { IssueValues } from './use-issue-form.ts';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('../markdown-editor.tsx'));

/**
 * The issue's fields and its Save (and, for a draft, Delete) buttons; read
 * only once the issue is sending or sent.
 */
export function IssueForm({
  values,
  errors,
  posts,
  isEditable,
  isBusy,
  onChange,
  onSave,
  onDelete,
}: {
  values: IssueValues;
  errors: Partial<Record<string, string>>;
  posts: IssuePost[];
  isEditable: boolean;
  isBusy: boolean;
  onChange: <K extends keyof NewsletterIssueInput>(field: K, value: IssueValues[K]) => void;
  onSave: (event: FormEvent) => void;
  /** Deletes the stored draft; null when there is none to delete. */
  onDelete: (() => void) | null;
}) {
  return (
    <form noValidate onSubmit={onSave} className="grid content-start gap-6" aria-label="Issue">
      <fieldset disabled={!isEditable || isBusy} className="grid gap-6">
        <Field id="issue-subject" label="Subject" error={errors.subject}>
          {(control) => <Input {...control} required value={values.subject} onChange={(event) => onChange('subject', event.target.value)} />}
        </Field>
        <Field id="issue-preheader" label="Preheader" error={errors.preheader} hint="Shown after the subject in most inboxes.">
          {(control) => <Input {...control} value={values.preheader} onChange={(event) => onChange('preheader', event.target.value)} />}
        </Field>
        <div className="grid gap-2">
          <Label htmlFor="issue-intro">Intro</Label>
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <MarkdownEditor id="issue-intro" value={values.intro} onChange={(intro) => onChange('intro', intro)} invalid={Boolean(errors.intro)} />
          </Suspense>
        </div>
        <PostPicker posts={posts} chosen={values.post_ids} onChange={(ids) => onChange('post_ids', ids)} error={errors.post_ids} />
        <Field id="issue-closing" label="Closing text" error={errors.closing}>
          {(control) => <Textarea {...control} rows={3} value={values.closing} onChange={(event) => onChange('closing', event.target.value)} />}
        </Field>
      </fieldset>
      {isEditable ? (
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? 'Saving...' : 'Save'}
          </Button>
          {onDelete ? (
            <Button type="button" variant="outline" disabled={isBusy} onClick={onDelete}>
              Delete
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
