import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher, useNavigate, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../../../common/field-errors.ts';
import { postInputSchema } from '../../../../common/schemas/post.ts';
import { resourceInputSchema } from '../../../../common/schemas/resource.ts';
import { isSaveSuccess, type AdminContentKind, type SaveFailure, type SaveSuccess } from '../../../lib/admin-content.ts';
import type { AdminItem } from '../../../lib/admin-revisions.ts';
import { notifyError } from '../../../lib/admin-toasts.ts';
import { campaignProblems, contentPayload, publicationProblem, reviewProblems, type ContentDraft, type ContentKind, type ContentPayload } from '../../../lib/content-payload.ts';
import { contentFieldId, type DraftChange, type FieldErrors } from './draft-fields.ts';

/** The payload's problems by form field. */
function validate(kind: ContentKind, payload: ContentPayload): FieldErrors {
  const schema: z.ZodType = kind === 'post' ? postInputSchema : resourceInputSchema;
  const result = schema.safeParse(payload);
  return result.success ? {} : fieldErrorsOf(result.error);
}

/**
 * The editor's state and its save: checked in the browser with the shared
 * schema first (focus goes to the first refused field), then posted to the
 * route's action; once stored, back to the list, which says what was saved
 * (the item goes along in the navigation's state).
 */
export function useContentForm({
  contentKind,
  initial,
  version,
  asksFirst = () => false,
}: {
  contentKind: AdminContentKind;
  initial: ContentDraft;
  /** The stored version of an edited item; null for a new one. */
  version: number | null;
  /** Whether a checked save waits for staff to confirm it (publishing a sponsored post). */
  asksFirst?: (draft: ContentDraft) => boolean;
}) {
  const { kind, listPath } = contentKind;
  const fetcher = useFetcher<SaveFailure | SaveSuccess>();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploading, setIsUploading] = useState(false);
  const [awaiting, setAwaiting] = useState<ContentPayload | null>(null);
  const isSaving = fetcher.state !== 'idle';
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const saved = isSaveSuccess(answer) ? answer : null;
  const failure = isSaveSuccess(answer) ? undefined : answer;

  const navigate = useNavigate();
  useEffect(() => {
    if (saved) void navigate(listPath, { state: saved });
  }, [saved, navigate, listPath]);

  const change = (update: DraftChange) =>
    setDraft((current) => ({ ...current, ...(typeof update === 'function' ? update(current) : update) }));

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
    if (kind === 'post') {
      const byField = campaignProblems(draft.campaign);
      // A field of the campaign says it beside itself: the schema's word on the campaign as a whole would repeat it.
      if (Object.keys(byField).length > 0) delete found.campaign;
      Object.assign(found, byField);
      // The review's problems by its own fields, each beside its control, in place of the schema's one for `review`.
      const review = reviewProblems(draft);
      if (Object.keys(review).length > 0) delete found.review;
      Object.assign(found, review);
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      document.getElementById(contentFieldId(kind, first))?.focus();
      return;
    }
    if (asksFirst(draft)) {
      setAwaiting(payload);
      return;
    }
    void fetcher.submit(payload, { method: 'post', encType: 'application/json' });
  };

  /** The save that waited for a confirmation: sent, or dropped with the form as it was. */
  const confirmation = {
    isOpen: awaiting !== null,
    confirm: () => {
      if (awaiting !== null) void fetcher.submit(awaiting, { method: 'post', encType: 'application/json' });
      setAwaiting(null);
    },
    cancel: () => setAwaiting(null),
  };

  // A restored revision is the stored item now: the form shows it, and the loader reads its new version.
  const revalidator = useRevalidator();
  const restore = (item: AdminItem) => {
    setDraft(contentKind.draftOf(item));
    setErrors({});
    void revalidator.revalidate();
  };

  return {
    draft,
    errors,
    isDirty,
    isSaving,
    saved,
    failure,
    change,
    /** Stable, so the uploader's effect does not run on every render. */
    setIsUploading,
    save,
    confirmation,
    restore,
  };
}
