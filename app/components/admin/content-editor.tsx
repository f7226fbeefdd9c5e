import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useBlocker, useFetcher } from 'react-router';
import type { z } from 'zod';
import { contentPayload, type ContentDraft, type ContentKind } from '../../lib/content-payload.ts';
import { postInputSchema } from '../../../common/schemas/post.ts';
import { resourceInputSchema } from '../../../common/schemas/resource.ts';
import { slugify } from '../../../common/schemas/slug.ts';
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
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { notifyError } from '../../lib/admin-toast.ts';
import { ImageUploader } from './image-uploader.tsx';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('./markdown-editor.tsx'));

/** The editor's answer from its route action. */
export interface SaveFailure {
  error: string;
  isConflict: boolean;
}

type FieldErrors = Partial<Record<keyof ContentDraft, string>>;

function validate(kind: ContentKind, payload: Record<string, unknown>): FieldErrors {
  const schema: z.ZodType = kind === 'post' ? postInputSchema : resourceInputSchema;
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) === 'category_ids' ? 'category_id' : (String(issue.path[0]) as keyof ContentDraft);
    errors[field] ??= issue.message;
  }
  return errors;
}

export function ContentEditor({
  kind,
  initial,
  version,
  categories = [],
}: {
  kind: ContentKind;
  initial: ContentDraft;
  /** The stored version of an edited item; null for a new one. */
  version: number | null;
  categories?: { id: string; name: string }[];
}) {
  const fetcher = useFetcher<SaveFailure>();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploading, setIsUploading] = useState(false);
  const isNew = version === null;
  const isSaving = fetcher.state !== 'idle';
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const noun = kind === 'post' ? 'Post' : 'Resource';
  const listPath = kind === 'post' ? '/admin/posts' : '/admin/resources';
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
    void fetcher.submit(payload as never, { method: 'post', encType: 'application/json' });
  };

  const fieldId = (field: keyof ContentDraft) => `${kind}-${field}`;

  return (
    <>
      <Link to={listPath} className="mb-4 inline-flex items-center gap-2 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Link>
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{isNew ? `New ${noun}` : `Edit ${noun}`}</h1>
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
