/** What the editor's parts share: the draft, its problems, and how a part changes it. */
import type { ContentDraft, ContentKind } from '../../../lib/content-payload.ts';

/** The payload's problems by its field names. */
export type FieldErrors = Partial<Record<string, string>>;

/** A change to the draft: the fields to set, or a function of the draft as it is when applied. */
export type DraftChange = Partial<ContentDraft> | ((current: ContentDraft) => Partial<ContentDraft>);

/** Props of a part that edits some of the draft's fields. */
export interface DraftFieldsProps {
  kind: ContentKind;
  draft: ContentDraft;
  errors: FieldErrors;
  onChange: (change: DraftChange) => void;
}

/**
 * A form field's id: the kind, then the payload's name for the field, so the
 * first problem of a refused payload names the control to focus.
 */
export const contentFieldId = (kind: ContentKind, field: string) => `${kind}-${field}`;
