import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useBlocker, useFetcher, useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { CategoryJson } from '../../../common/answers.ts';
import { postInputSchema } from '../../../common/schemas/post.ts';
import { resourceInputSchema } from '../../../common/schemas/resource.ts';
import { slugify } from '../../../common/schemas/slug.ts';
import { fieldErrorsOf } from '../../../common/field-errors.ts';
import type { AdminContentKind, SaveFailure } from '../../lib/admin-content.ts';
import { contentPayload, type ContentDraft, type ContentKind, type ContentPayload } from '../../lib/content-payload.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { notifyError } from '../../lib/admin-toast.ts';
import { formatSiteDateTime, siteInputToSeconds } from '../../lib/dates.ts';
import { SITE_TIME_ZONE } from '../../../common/site.ts';
import { ImageUploader } from './image-uploader.tsx';
import { ContentRevisions } from './content-revisions.tsx';
import type { AdminItem } from '../../lib/admin-revisions.ts';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('./markdown-editor.tsx'));

type FieldErrors = Partial<Record<string, string>>;

/** The payload's problems by form field: the editor holds a post's one category as `category_id`. */
function validate(kind: ContentKind, payload: ContentPayload): FieldErrors {
  const schema: z.ZodType = kind === 'post' ? postInputSchema : resourceInputSchema;
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const { category_ids, ...errors } = fieldErrorsOf(result.error);
  return category_ids === undefined ? errors : { ...errors, category_id: category_ids };
}

export function ContentEditor({
  kind: contentKind,
  draft: initial,
  version,
  categories,
  id = null,
}: {
  kind: AdminContentKind;
  /** What the form starts with. */
  draft: ContentDraft;
  /** The stored version of an edited item; null for a new one. */
  version: number | null;
  categories: CategoryJson[];
  /** The edited item's id; null for a new one. */
  id?: number | null;
}) {
  const { kind, noun, listPath } = contentKind;
  const fetcher = useFetcher<SaveFailure>();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploading, setIsUploading] = useState(false);
  const isNew = version === null;
  const isSaving = fetcher.state !== 'idle';
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const failure = fetcher.state === 'idle' ? fetcher.data : undefined;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !isSaving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const set = <K extends keyof ContentDraft>(field: K, value: ContentDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const onUploadingChange = useCallback((uploading: boolean) => setIsUploading(uploading), []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (isUploading) {
      notifyError('Image upload in progress', 'Please wait for the featured image upload to finish before saving.');
      return;
    }
    const payload = contentPayload(kind, draft, version);
    const found = validate(kind, payload);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`${kind}-${first}`)?.focus();
      return;
    }
    void fetcher.submit(payload, { method: 'post', encType: 'application/json' });
  };

  const fieldId = (field: keyof ContentDraft) => `${kind}-${field}`;

  // A restored revision is the stored item now: the form shows it, and the loader reads its new version.
  const revalidator = useRevalidator();
  const onRestored = (item: AdminItem) => {
    setDraft(contentKind.draftOf(item));
    setErrors({});
    void revalidator.revalidate();
  };

  return (
    <>
      <Link to={listPath} className="mb-4 inline-flex items-center gap-2 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Link>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{isNew ? `New ${noun}` : `Edit ${noun}`}</h1>
      {version !== null && id !== null ? (
        <div className="-mt-3 mb-6">
          <ContentRevisions kind={contentKind} id={id} version={version} categories={categories} onRestored={onRestored} />
        </div>
      ) : null}
      {failure?.isConflict ? (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>Someone else changed this {kind}</AlertTitle>
          <AlertDescription>
            {failure.error} Your text is kept below; copy what you need before reloading.
          </AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={save} className="grid max-w-3xl gap-6">
        <Field id={fieldId('title')} label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              required
              value={draft.title}
              onChange={(event) => {
                const title = event.target.value;
                setDraft((current) => ({ ...current, title, slug: slugify(title) }));
              }}
            />
          )}
        </Field>
        <Field id={fieldId('slug')} label="Slug" error={errors.slug}>
          {(control) => <Input {...control} required value={draft.slug} onChange={(event) => set('slug', event.target.value)} />}
        </Field>
        <Field id={fieldId('excerpt')} label="Excerpt" error={errors.excerpt}>
          {(control) => <Textarea {...control} rows={3} value={draft.excerpt} onChange={(event) => set('excerpt', event.target.value)} />}
        </Field>
        <div className="grid gap-2">
          <Label htmlFor={fieldId('content')}>Content</Label>
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <MarkdownEditor
              id={fieldId('content')}
              value={draft.content}
              onChange={(content) => set('content', content)}
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? `${fieldId('content')}-error` : undefined}
            />
          </Suspense>
          {errors.content ? (
            <p id={`${fieldId('content')}-error`} role="alert" className="text-sm font-medium text-destructive">
              {errors.content}
            </p>
          ) : null}
        </div>
        <ImageUploader
          label={kind === 'post' ? 'Cover image' : 'Featured image'}
          value={draft.cover_image}
          onChange={(url) => set('cover_image', url)}
          onUploadingChange={onUploadingChange}
        />
        {/* Always in the page, so screen readers announce the warning when it appears. */}
        <div role="status" className="empty:hidden">
          {draft.status === 'published' && !draft.cover_image ? (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              No cover image: the site will show a generated picture with the title.
            </p>
          ) : null}
        </div>
        {kind === 'post' ? (
          <Field id={fieldId('campaign_url')} label="Campaign URL *" error={errors.campaign_url}>
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                value={draft.campaign_url}
                onChange={(event) => set('campaign_url', event.target.value)}
              />
            )}
          </Field>
        ) : null}
        {kind === 'post' ? (
          <div className="grid gap-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id={fieldId('sponsored')}
                checked={draft.sponsored || draft.fromSubmission !== null}
                disabled={draft.fromSubmission !== null}
                aria-describedby={`${fieldId('sponsored')}-hint`}
                onChange={(event) => set('sponsored', event.target.checked)}
              />
              <Label htmlFor={fieldId('sponsored')}>Sponsored</Label>
            </div>
            <p id={`${fieldId('sponsored')}-hint`} className="text-sm text-muted-foreground">
              {draft.fromSubmission !== null ? (
                <>
                  Made from a paid{' '}
                  <Link className="text-primary underline underline-offset-4" to="/admin/submissions?status=approved">
                    sponsored submission
                  </Link>
                  : the Sponsored label stays on, as advertising rules require.
                </>
              ) : (
                'A paid post: labelled Sponsored on the site, in the feed and the newsletter, and its campaign links are marked as paid.'
              )}
            </p>
          </div>
        ) : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <Field id={fieldId('read_time')} label="Read Time (minutes)" error={errors.read_time}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder="5"
                value={draft.read_time}
                onChange={(event) => set('read_time', event.target.value)}
              />
            )}
          </Field>
          <Field id={fieldId('status')} label="Status" error={errors.status}>
            {(control) => (
              <select
                {...control}
                value={draft.status}
                onChange={(event) => set('status', event.target.value as ContentDraft['status'])}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="draft">Draft</option>
                <option value="published">Published</option>
              </select>
            )}
          </Field>
        </div>
        {draft.status === 'published' ? <PublicationTime id={fieldId('publish_at')} value={draft.publish_at} onChange={(value) => set('publish_at', value)} /> : null}
        {kind === 'post' ? (
          <Field id={fieldId('category_id')} label="Category" error={errors.category_id}>
            {(control) => (
              <select
                {...control}
                value={draft.category_id}
                onChange={(event) => set('category_id', event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div className="flex gap-3">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : `Save ${noun}`}
          </Button>
          <Button asChild variant="outline">
            <Link to={listPath}>Cancel</Link>
          </Button>
        </div>
      </form>
      <AlertDialog open={blocker.state === 'blocked'}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>Your changes to this {kind} have not been saved and will be lost.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>Leave</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** When a published item goes public: empty is now, a time ahead schedules it. */
function PublicationTime({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const at = siteInputToSeconds(value);
  const isScheduled = at !== null && at > Date.now() / 1000;
  return (
    <Field
      id={id}
      label={`Publication time (${SITE_TIME_ZONE})`}
      hint={isScheduled && at !== null ? <strong>Scheduled for {formatSiteDateTime(at)}</strong> : 'Leave empty to publish now; a time ahead schedules it.'}
    >
      {(control) => <Input {...control} type="datetime-local" step={1} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
