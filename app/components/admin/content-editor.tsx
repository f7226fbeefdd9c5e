import { ArrowLeft, TriangleAlert } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useBlocker, useFetcher, useNavigate, useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { CategoryJson } from '../../../common/answers.ts';
import { postInputSchema } from '../../../common/schemas/post.ts';
import { resourceInputSchema } from '../../../common/schemas/resource.ts';
import { slugify } from '../../../common/schemas/slug.ts';
import { fieldErrorsOf } from '../../../common/field-errors.ts';
import { estimateReadTime, WORDS_PER_MINUTE } from '../../../common/read-time.ts';
import { isDraftLive, isSaveSuccess, type AdminContentKind, type SaveFailure, type SaveSuccess } from '../../lib/admin-content.ts';
import {
  contentPayload,
  publicationProblem,
  type ContentDraft,
  type ContentKind,
  type ContentPayload,
  type PublicationStage,
} from '../../lib/content-payload.ts';
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
import { Field, FieldError } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { ViewOnSiteLink } from './view-on-site-link.tsx';
import { notifyError } from '../../lib/admin-toasts.ts';
import { formatSiteDateTime, secondsToSiteInput, siteInputToSeconds } from '../../lib/dates.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { ImageUploader } from './image-uploader.tsx';
import { ContentRevisions } from './content-revisions.tsx';
import type { AdminItem } from '../../lib/admin-revisions.ts';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('./markdown-editor.tsx'));

type FieldErrors = Partial<Record<string, string>>;

/** The payload's problems by form field (each field's id ends with its payload name). */
function validate(kind: ContentKind, payload: ContentPayload): FieldErrors {
  const schema: z.ZodType = kind === 'post' ? postInputSchema : resourceInputSchema;
  const result = schema.safeParse(payload);
  return result.success ? {} : fieldErrorsOf(result.error);
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
  const fetcher = useFetcher<SaveFailure | SaveSuccess>();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploading, setIsUploading] = useState(false);
  const isNew = version === null;
  const isSaving = fetcher.state !== 'idle';
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const saved = isSaveSuccess(answer) ? answer : null;
  const failure = isSaveSuccess(answer) ? undefined : answer;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !isSaving && !saved && currentLocation.pathname !== nextLocation.pathname,
  );
  // Stored: back to the list, which says what was saved (the item goes along in the navigation's state).
  const navigate = useNavigate();
  useEffect(() => {
    if (saved) void navigate(listPath, { state: saved });
  }, [saved, navigate, listPath]);
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
    const timeProblem = publicationProblem(draft);
    if (timeProblem) found.publish_at = timeProblem;
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
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{isNew ? `New ${noun}` : `Edit ${noun}`}</h1>
        {isNew ? null : <StoredState draft={initial} />}
      </div>
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
      {/*
        Wide screens: the text on the left with the buttons under it, the settings beside them. Phones: the text,
        then the settings, then the buttons.
      */}
      <form
        noValidate
        onSubmit={save}
        className="grid max-w-6xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
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
          <Field id={fieldId('excerpt')} label="Excerpt" error={errors.excerpt} hint="Shown under the title, on cards, and as the page's description for search engines and social networks.">
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
        </div>
        <div className="grid min-w-0 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <SettingsSection title="Publishing">
            <Field id={`${kind}-status`} label="Status" error={errors.status}>
              {(control) => (
                <select
                  {...control}
                  value={draft.stage}
                  onChange={(event) => setDraft((current) => withStage(current, event.target.value as PublicationStage))}
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                >
                  <option value="draft">Draft</option>
                  <option value="scheduled">Scheduled</option>
                  <option value="published">Published</option>
                </select>
              )}
            </Field>
            {draft.stage === 'draft' ? null : (
              <PublicationTime
                id={fieldId('publish_at')}
                stage={draft.stage}
                value={draft.publish_at}
                error={errors.publish_at}
                onChange={(value) => set('publish_at', value)}
              />
            )}
            <ReadTime
              id={fieldId('read_time')}
              draft={draft}
              error={errors.read_time}
              onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
            />
          </SettingsSection>
          {kind === 'post' ? (
            <SettingsSection title="Categories">
              <CategoryChoice
                id={fieldId('category_ids')}
                categories={categories}
                value={draft.category_ids}
                error={errors.category_ids}
                onChange={(ids) => set('category_ids', ids)}
              />
            </SettingsSection>
          ) : null}
          <SettingsSection title="Cover">
            <ImageUploader
              id={fieldId('cover_image')}
              label={kind === 'post' ? 'Cover image' : 'Featured image'}
              value={draft.cover_image}
              error={errors.cover_image}
              onChange={(url) => set('cover_image', url)}
              onUploadingChange={onUploadingChange}
            />
            {/* Always in the page, so screen readers announce the warning when it appears. */}
            <div role="status" className="empty:hidden">
              {draft.stage !== 'draft' && !draft.cover_image ? (
                <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  No cover image: the site will show a generated picture in the category's colours.
                </p>
              ) : null}
            </div>
          </SettingsSection>
          {kind === 'post' ? (
            <SettingsSection title="Campaign">
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
            </SettingsSection>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3 lg:col-start-1 lg:row-start-2">
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

/**
 * The stage chosen in the Status menu, with the time it keeps: a draft keeps
 * its first publication for when it is published again; Published drops a
 * time still ahead (it means now), Scheduled one already past (it needs a
 * new one).
 */
function withStage(draft: ContentDraft, stage: PublicationStage): ContentDraft {
  const now = Date.now() / 1000;
  const at = draft.publish_at;
  if (stage === 'published' && at !== null && at > now) return { ...draft, stage, publish_at: null };
  if (stage === 'scheduled' && at !== null && at <= now) return { ...draft, stage, publish_at: null };
  return { ...draft, stage };
}

/**
 * When the item goes public, on the clocks of the site's time zone (its
 * owner's setting): a time ahead for a schedule; for Published, the first
 * publication date (kept when published again), or empty for now.
 */
function PublicationTime({
  id,
  stage,
  value,
  error,
  onChange,
}: {
  id: string;
  stage: 'scheduled' | 'published';
  value: number | null;
  error: string | undefined;
  onChange: (value: number | null) => void;
}) {
  const timeZone = useSiteTimeZone();
  const isAhead = value !== null && value > Date.now() / 1000;
  const hint =
    stage === 'scheduled' ? (
      isAhead ? (
        <strong>Scheduled for {formatSiteDateTime(value, timeZone)}</strong>
      ) : (
        'Choose when it goes live.'
      )
    ) : value === null ? (
      'Empty: it is published now.'
    ) : (
      'Its publication date: kept when it is taken offline and published again, unless you change it.'
    );
  return (
    <Field id={id} label={`Publication time (${timeZone})`} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="datetime-local"
          step={1}
          required={stage === 'scheduled'}
          value={value === null ? '' : secondsToSiteInput(value, timeZone)}
          onChange={(event) => onChange(siteInputToSeconds(event.target.value, timeZone))}
        />
      )}
    </Field>
  );
}

/** A group of the settings column, under its own heading. */
function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-border bg-background p-4">
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The read time: estimated from the content and following it, unless the
 * author sets it by hand (then an empty field saves none).
 */
function ReadTime({
  id,
  draft,
  error,
  onChange,
}: {
  id: string;
  draft: ContentDraft;
  error: string | undefined;
  onChange: (changes: Pick<ContentDraft, 'read_time' | 'readTimeOverridden'>) => void;
}) {
  // Deferred so a long body's estimate never holds up the keystroke that changed it; the saved
  // value is estimated again from the content itself.
  const content = useDeferredValue(draft.content);
  const estimate = useMemo(() => estimateReadTime(content), [content]);
  const overridden = draft.readTimeOverridden;
  return (
    <div className="grid gap-3">
      <Field
        id={id}
        label="Read Time (minutes)"
        error={error}
        hint={
          overridden
            ? `Set by hand. The content reads in about ${estimate} min.`
            : `Estimated from the content at ${WORDS_PER_MINUTE} words a minute; it follows the text.`
        }
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="5"
            readOnly={!overridden}
            className={overridden ? undefined : 'bg-muted'}
            value={overridden ? draft.read_time : String(estimate)}
            onChange={(event) => onChange({ read_time: event.target.value, readTimeOverridden: true })}
          />
        )}
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-override`}
          checked={overridden}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? { read_time: draft.read_time || String(estimate), readTimeOverridden: true }
                : { read_time: draft.read_time, readTimeOverridden: false },
            )
          }
        />
        <Label htmlFor={`${id}-override`}>Set the read time by hand</Label>
      </div>
    </div>
  );
}

/** A post's categories, any number of them; sent in the menu's order, ids the list lacks kept. */
function CategoryChoice({
  id,
  categories,
  value,
  error,
  onChange,
}: {
  id: string;
  categories: CategoryJson[];
  value: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const toggle = (categoryId: string, isChecked: boolean) => {
    const chosen = new Set(value);
    if (isChecked) chosen.add(categoryId);
    else chosen.delete(categoryId);
    const known = categories.map((category) => category.id);
    onChange([...known.filter((known) => chosen.has(known)), ...value.filter((other) => !known.includes(other))]);
  };
  return (
    // Focused when the form refuses the choice, so its message is read out.
    <fieldset id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2 rounded-md">
      <legend className="sr-only">Categories</legend>
      {categories.length === 0 ? <p className="text-sm text-muted-foreground">No categories yet.</p> : null}
      <ul className="grid gap-2">
        {categories.map((category) => (
          <li key={category.id} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${category.id}`}
              checked={value.includes(category.id)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(category.id, event.target.checked)}
            />
            <Label htmlFor={`${id}-${category.id}`} className="font-normal">
              {category.name}
            </Label>
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** Where the stored item is: on the site (with its link), scheduled, or a draft to preview. */
function StoredState({ draft }: { draft: ContentDraft }) {
  if (isDraftLive(draft)) {
    return <ViewOnSiteLink slug={draft.slug} className="text-sm" />;
  }
  return (
    <a href="#preview-links-heading" className="text-sm font-medium text-primary underline underline-offset-4">
      {draft.stage === 'scheduled' ? 'Scheduled: share a preview' : 'Draft: share a preview'}
    </a>
  );
}
